//! Message templates (spec "Templates"; decisions in docs/decisions/0007-templates.md): the
//! dynamic fields the editor's insert-field menus offer, the one placeholder syntax
//! (`{{customer_first_name}}`), checking a body on save, and filling it for a lead.
//!
//! A body is stored as the editor writes it: HTML-ish text whose newlines became `<br>` tags
//! (spec section 5). Rendering escapes the values it inserts, so a customer called `<b>` stays
//! text; SMS text is then made by the messaging rule ([`crate::text`]).

pub mod values;

use chrono::NaiveDate;

use domain::MANAGER_ROLES;
use domain::error::{Error, Result};
use domain::roles::{Role, closed_set};
use import_files::CampaignType;
use planner::Planner;
use understanding::Intent;

use crate::text::html_to_sms_text;

pub use values::FieldValues;

/// Roles that write the enterprise's group templates and the standard templates; anyone
/// signed in keeps personal ones.
pub const GROUP_TEMPLATE_ROLES: &[Role] = MANAGER_ROLES;

/// The longest title and body a template may have.
pub const MAX_TITLE_CHARS: usize = 200;
pub const MAX_BODY_CHARS: usize = 5_000;

closed_set! {
    /// The editor's insert-field menus (spec P§2 L34, P§9 L266).
    FieldGroup {
        Assistant => "Assistant",
        Customer => "Customer",
        Office => "Office",
        Product => "Product",
        Service => "Service",
    }
}

closed_set! {
    /// Who a custom template belongs to: its author, or the whole enterprise.
    TemplateScope {
        Personal => "PERSONAL",
        Group => "GROUP",
    }
}

closed_set! {
    /// The divisions standard templates belong to (spec X17): services are DIV004, sales DIV001.
    Division {
        Sales => "DIV001",
        Buy => "DIV002",
        ExtendedPreSales => "DIV003",
        Service => "DIV004",
        RenewalExpired => "DIV005",
    }
}

closed_set! {
    /// How a template is sent (`moc`, mode of communication).
    Moc {
        Sms => "SMS",
        Email => "EMAIL",
    }
}

/// A dynamic field: the key inside `{{…}}`, its menu and its label there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Field {
    pub key: &'static str,
    pub group: FieldGroup,
    pub label: &'static str,
}

impl Field {
    /// How the field is written in a body.
    pub fn placeholder(&self) -> String {
        format!("{{{{{}}}}}", self.key)
    }
}

macro_rules! fields {
    ($($key:literal, $group:ident, $label:literal;)+) => {
        /// Every dynamic field, menu by menu, in the editor's order.
        pub const FIELDS: &[Field] = &[$(Field { key: $key, group: FieldGroup::$group, label: $label }),+];
    };
}

fields! {
    "assistant_first_name", Assistant, "First name";
    "assistant_last_name", Assistant, "Last name";
    "assistant_email", Assistant, "Email";
    "customer_first_name", Customer, "First name";
    "customer_last_name", Customer, "Last name";
    "customer_email", Customer, "Email";
    "customer_phone", Customer, "Phone";
    "office_name", Office, "Name";
    "office_address", Office, "Address";
    "product_vin", Product, "VIN";
    "product_make", Product, "Make";
    "product_year", Product, "Year";
    "product_model", Product, "Model";
    "product_sold_date", Product, "Sold date";
    "product_estimated_due_date", Product, "Estimated due date";
    "service_last_service_date", Service, "Last service date";
    "service_month", Service, "Month";
}

/// The field a key names.
pub fn field(key: &str) -> Option<&'static Field> {
    FIELDS.iter().find(|f| f.key == key)
}

/// A piece of a body: text as written, or a field to fill.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Piece<'a> {
    Text(&'a str),
    Field(&'static Field),
}

/// Splits a body into text and fields. `{{ key }}` names a field (spaces inside allowed); a
/// key that is no field, or `{{` left open, is refused, naming it. Single braces are text.
fn pieces(body: &str) -> Result<Vec<Piece<'_>>> {
    let mut pieces = Vec::new();
    let mut unknown = Vec::new();
    let mut rest = body;
    while let Some(open) = rest.find("{{") {
        if open > 0 {
            pieces.push(Piece::Text(&rest[..open]));
        }
        let after = &rest[open + 2..];
        let Some(close) = after.find("}}") else {
            return Err(Error::invalid(format!(
                "The template has '{{{{' without a closing '}}}}': write a field as {}",
                FIELDS[0].placeholder()
            )));
        };
        let key = after[..close].trim();
        match field(key) {
            Some(field) => pieces.push(Piece::Field(field)),
            None => unknown.push(format!(
                "The template names the unknown field {{{{{key}}}}}; the fields are {}",
                FIELDS.iter().map(|f| f.key).collect::<Vec<_>>().join(", ")
            )),
        }
        rest = &after[close + 2..];
    }
    if !rest.is_empty() {
        pieces.push(Piece::Text(rest));
    }
    if unknown.is_empty() {
        Ok(pieces)
    } else {
        Err(Error::invalid_all(unknown))
    }
}

/// The fields a body uses, each once, in order of first use. An unknown field is refused.
pub fn fields_of(body: &str) -> Result<Vec<&'static Field>> {
    let mut used: Vec<&'static Field> = Vec::new();
    for piece in pieces(body)? {
        if let Piece::Field(field) = piece
            && !used.contains(&field)
        {
            used.push(field);
        }
    }
    Ok(used)
}

/// A body as stored: newlines become `<br>` tags (spec section 5), trimmed.
pub fn stored_body(body: &str) -> String {
    body.trim().replace("\r\n", "\n").replace('\n', "<br>")
}

/// A stored body as the editor shows it: `<br>` tags back to newlines.
pub fn editor_body(body: &str) -> String {
    let mut out = String::with_capacity(body.len());
    let mut rest = body;
    while let Some(open) = rest.find('<') {
        out.push_str(&rest[..open]);
        let tag = &rest[open..];
        let end = tag.find('>').map(|e| e + 1);
        match end {
            Some(end) if is_line_break(&tag[..end]) => {
                out.push('\n');
                rest = &tag[end..];
            }
            _ => {
                out.push('<');
                rest = &tag[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

fn is_line_break(tag: &str) -> bool {
    let inner = tag[1..tag.len() - 1].trim().trim_end_matches('/').trim();
    inner.eq_ignore_ascii_case("br")
}

/// A template's title and body checked for saving: both present and not too long, and every
/// field in the body known. Returns the body as stored.
pub fn checked_content(title: &str, body: &str) -> Result<(String, String)> {
    let mut problems = Vec::new();
    let title = title.trim();
    if title.is_empty() {
        problems.push("title is required".to_owned());
    } else if title.chars().count() > MAX_TITLE_CHARS {
        problems.push(format!(
            "title must have at most {MAX_TITLE_CHARS} characters"
        ));
    }
    let body = stored_body(body);
    if body.is_empty() {
        problems.push("body is required".to_owned());
    } else if body.chars().count() > MAX_BODY_CHARS {
        problems.push(format!(
            "body must have at most {MAX_BODY_CHARS} characters"
        ));
    } else if let Err(Error::Validation { errors, .. }) = fields_of(&body) {
        problems.extend(errors);
    }
    if problems.is_empty() {
        Ok((title.to_owned(), body))
    } else {
        Err(Error::invalid_all(problems))
    }
}

/// A body filled for one lead.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rendered {
    /// The body with every field that has a value filled in (HTML, as e-mail sends it); a
    /// field without a value stays as its placeholder, so it can never go out as a gap.
    pub body: String,
    /// What an SMS would carry (plain text, one line).
    pub sms_text: String,
    /// The fields the lead has no value for: the message cannot be sent until they are
    /// typed in or removed.
    pub missing: Vec<&'static Field>,
}

/// Fills `body`'s fields from `values`. Values are HTML-escaped as they go in.
pub fn render(body: &str, values: &FieldValues) -> Result<Rendered> {
    let mut out = String::with_capacity(body.len() + 64);
    let mut missing: Vec<&'static Field> = Vec::new();
    for piece in pieces(body)? {
        match piece {
            Piece::Text(text) => out.push_str(text),
            Piece::Field(field) => match values.get(field.key) {
                Some(value) => push_escaped(&mut out, value),
                None => {
                    out.push_str(&field.placeholder());
                    if !missing.contains(&field) {
                        missing.push(field);
                    }
                }
            },
        }
    }
    Ok(Rendered {
        sms_text: html_to_sms_text(&out),
        body: out,
        missing,
    })
}

/// `value` as HTML text (e-mail bodies that quote what someone wrote).
pub fn escape_html(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    push_escaped(&mut out, value);
    out
}

fn push_escaped(out: &mut String, value: &str) {
    for c in value.chars() {
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            c => out.push(c),
        }
    }
}

/// Refuses a message about to be sent that still holds a field placeholder (a template
/// applied for a lead without that value): it would reach the customer as `{{…}}`.
pub fn check_no_placeholders(content: &str) -> Result<()> {
    let Ok(pieces) = pieces(content) else {
        return Ok(()); // Braces a person typed, not fields.
    };
    let left: Vec<String> = pieces
        .iter()
        .filter_map(|p| match p {
            Piece::Field(field) => Some(field.placeholder()),
            Piece::Text(_) => None,
        })
        .collect();
    if left.is_empty() {
        Ok(())
    } else {
        Err(Error::invalid(format!(
            "The message still holds {}: this lead has no value for it; type the value in or remove it before sending",
            left.join(", ")
        )))
    }
}

/// A date as templates write it to customers: `March 14, 2026`.
pub fn customer_date(date: NaiveDate) -> String {
    date.format("%B %-d, %Y").to_string()
}

// ---- What a template may be for ----

/// The service types a template may be written for: every planner's, the imported
/// campaigns', first service per make, and the open-RO and appointment campaigns (spec P§3
/// L96), in a stable order for the editor's select.
pub fn service_types() -> Vec<String> {
    let mut types: Vec<String> = Planner::FIXED
        .into_iter()
        .filter(|p| *p != Planner::FirstService)
        .map(Planner::nominal_service_type)
        .collect();
    for miles in (5_000..=130_000).step_by(5_000).chain([7_500]) {
        types.push(Planner::Mileage(miles).nominal_service_type());
    }
    types.extend(CampaignType::ALL.iter().map(|c| c.as_str().to_owned()));
    types.extend(
        [
            "GMC",
            "BUICK",
            "CHEVROLET",
            "TOYOTA",
            "HONDA",
            "FORD",
            "NISSAN",
        ]
        .map(|make| format!("FIRST_SERVICE_{make}")),
    );
    types.extend(["SVC_OPEN_RO", "APPOINTMENT_SCHEDULED"].map(str::to_owned));
    let mut seen = std::collections::HashSet::new();
    types.retain(|t| seen.insert(t.clone()));
    types
}

/// The service type of a template written for every service (an intent's answer, say): lists
/// of any one type include it.
pub const ANY_SERVICE_TYPE: &str = "ALL";

/// Checks a template's service type: one of [`service_types`], first service for any make
/// (`FIRST_SERVICE_` and letters) as the planner names it, or [`ANY_SERVICE_TYPE`].
pub fn check_service_type(service_type: &str) -> Result<String> {
    let service_type = service_type.trim();
    if service_type.eq_ignore_ascii_case(ANY_SERVICE_TYPE) {
        return Ok(ANY_SERVICE_TYPE.to_owned());
    }
    let first_service_make = service_type
        .strip_prefix("FIRST_SERVICE_")
        .is_some_and(|make| !make.is_empty() && make.chars().all(|c| c.is_ascii_uppercase()));
    if first_service_make || service_types().iter().any(|t| t == service_type) {
        Ok(service_type.to_owned())
    } else {
        Err(Error::invalid(format!(
            "serviceType '{service_type}' is not a service type"
        )))
    }
}

/// Checks a template's intent: one of the assistant's classification codes.
pub fn check_intent(intent: &str) -> Result<String> {
    let intent = intent.trim();
    Intent::from_code(intent)
        .map(|i| i.code().to_owned())
        .ok_or_else(|| {
            Error::invalid(format!(
                "intent '{intent}' is not one of the assistant's intents ({})",
                Intent::ALL.map(Intent::code).join(", ")
            ))
        })
}

#[cfg(test)]
mod tests;
