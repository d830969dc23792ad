//! A bulk run's words for each lead: where it stands, why it was not texted, and where its
//! template came from.

use domain::roles::closed_set;

closed_set! {
    /// Where one lead of a bulk run stands. SENDING: claimed, its text being queued (a crash
    /// there is settled from its messages). DEFERRED: queued until the customer's allowed
    /// hours open; sent then, not dropped.
    BulkOutcome {
        Pending => "PENDING",
        Sending => "SENDING",
        Sent => "SENT",
        Deferred => "DEFERRED",
        Skipped => "SKIPPED",
        Failed => "FAILED",
    }
}

closed_set! {
    /// Why a lead of a bulk run is not texted.
    BulkSkipReason {
        OptedOut => "OPTED_OUT",
        NoMobile => "NO_MOBILE",
        Landline => "LANDLINE",
        AlreadyStarted => "ALREADY_STARTED",
        AlreadyContacted => "ALREADY_CONTACTED",
        OtherInteraction => "OTHER_INTERACTION",
        CustomerInRun => "CUSTOMER_IN_RUN",
        AiOff => "AI_OFF",
        NoAssistant => "NO_ASSISTANT",
        NoTemplate => "NO_TEMPLATE",
        MissingTemplateField => "MISSING_TEMPLATE_FIELD",
        LeadUnavailable => "LEAD_UNAVAILABLE",
    }
}

impl BulkSkipReason {
    /// What the dry-run table and the report say.
    pub fn label(self) -> &'static str {
        match self {
            Self::OptedOut => "Opted out of texts",
            Self::NoMobile => "No valid mobile number",
            Self::Landline => "Number is a landline",
            Self::AlreadyStarted => "Conversation already started",
            Self::AlreadyContacted => "Already contacted for this service",
            Self::OtherInteraction => "Another conversation with this customer is open",
            Self::CustomerInRun => "Customer already texted by this run",
            Self::AiOff => "Assistant switched off for this lead",
            Self::NoAssistant => "Store has no assistant number",
            Self::NoTemplate => "No template for this service type",
            Self::MissingTemplateField => "Template field without a value",
            Self::LeadUnavailable => "Lead no longer available",
        }
    }
}

closed_set! {
    /// Which table a chosen template comes from.
    TemplateSource {
        Custom => "CUSTOM",
        Standard => "STANDARD",
    }
}
