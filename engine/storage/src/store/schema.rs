//! Table and column names for sea-query, one enum per table (see migrations/).

use sea_query::Iden;

#[derive(Iden, Clone, Copy)]
pub enum Enterprises { Table, Id, Name, Code, IsDemo, LogoUrl, Settings, CreatedAt, DeactivatedAt }

#[derive(Iden, Clone, Copy)]
pub enum EnterpriseLogos { Table, EnterpriseId, ContentType, Content, SizeBytes, UpdatedBy, UpdatedAt }

#[derive(Iden, Clone, Copy)]
pub enum PasswordResets { Table, Id, UserId, TokenHash, RequestedBy, CreatedAt, ExpiresAt, UsedAt }

#[derive(Iden, Clone, Copy)]
pub enum Bocs { Table, Id, EnterpriseId, BocCode, Name, CreatedAt, DeactivatedAt }

#[derive(Iden, Clone, Copy)]
pub enum Brands { Table, Id, Code, Name }

#[derive(Iden, Clone, Copy)]
pub enum Offices { Table, Id, EnterpriseId, Name, Address, City, State, TimeZone, CreatedAt }

#[derive(Iden, Clone, Copy)]
pub enum Stores {
    Table, Id, EnterpriseId, BocId, OfficeId, BrandId, StoreCode, Name, PhoneNumber, HelpText,
    QuietHoursStart, QuietHoursEnd, CreatedAt, DeactivatedAt,
}

#[derive(Iden, Clone, Copy)]
pub enum Users {
    Table, Id, EnterpriseId, BocId, StoreId, Username, PasswordHash, FirstName, LastName, Email,
    EmpLevel, ColorCode, RealTimeSync, CallingFeature, IsBlocked, IsGuest, CreatedAt, UpdatedAt,
    DeletedAt, TwoStepLogin, ChatChannelSid,
}

#[derive(Iden, Clone, Copy)]
pub enum UserRoles { Table, UserId, Role, Position }

#[derive(Iden, Clone, Copy)]
pub enum Sessions { Table, Id, UserId, TokenHash, CreatedAt, ExpiresAt, LastSeenAt, Ip, UserAgent }

#[derive(Iden, Clone, Copy)]
pub enum LoginAttempts { Table, Id, Username, Ip, Succeeded, AttemptedAt }

#[derive(Iden, Clone, Copy)]
pub enum LoginChallenges { Table, Id, UserId, TokenHash, CodeHash, Attempts, CreatedAt, ExpiresAt }

#[derive(Iden, Clone, Copy)]
pub enum Advisors {
    Table, Id, EnterpriseId, StoreId, AdvisorNo, FirstName, LastName, UserId, CreatedAt, ImportHash,
}

#[derive(Iden, Clone, Copy)]
pub enum Customers {
    Table, Id, EnterpriseId, BocId, StoreId, Custno, FirstName, LastName, Cellular, Email, Address,
    City, State, Zip, LineType, IsVerified, BlockSms, AiEnabled, ConsentSource, ConsentText,
    ConsentAt, OptedOutAt, CreatedAt, UpdatedAt, TimeZone, BlockEmail,
}

#[derive(Iden, Clone, Copy)]
pub enum ServiceVehicles {
    Table, Id, EnterpriseId, StoreId, CustomerId, Vin, Make, Model, Year, TrimLevel, Odometer,
    InServiceDate, Minder, LastServiceDate, NoLongerOwned, CreatedAt, UpdatedAt,
}

#[derive(Iden, Clone, Copy)]
pub enum VirtualServiceRecords {
    Table, Id, EnterpriseId, StoreId, VehicleId, ServiceDate, Mileage, Description, CreatedBy,
    CreatedAt,
}

#[derive(Iden, Clone, Copy)]
pub enum VirtualMileageRecords {
    Table, Id, EnterpriseId, StoreId, VehicleId, ReadingDate, Mileage, Note, CreatedBy, CreatedAt,
}

#[derive(Iden, Clone, Copy)]
pub enum Sales {
    Table, Id, EnterpriseId, StoreId, CustomerId, VehicleId, DealNumber, DealType, SoldDate,
    SalePrice, CreatedAt, ImportHash,
}

#[derive(Iden, Clone, Copy)]
pub enum RepairOrders {
    Table, Id, EnterpriseId, StoreId, CustomerId, VehicleId, AdvisorId, RoNumber, StatusCode,
    OpenDate, ClosedDate, MileageIn, MileageOut, TotalAmount, CreatedAt, UpdatedAt, ImportHash,
    StatusMovedAt,
}

#[derive(Iden, Clone, Copy)]
pub enum TestTexts {
    Table, Id, EnterpriseId, StoreId, Provider, FromNumber, ToNumber, Body, ProviderMessageId,
    SentByUserId, SentAt,
}

#[derive(Iden, Clone, Copy)]
pub enum Notifications {
    Table, Id, EnterpriseId, StoreId, FsiId, MessageId, Title, Reason, ServiceType, CreatedAt,
}

#[derive(Iden, Clone, Copy)]
pub enum NotificationStates {
    Table, NotificationId, UserId, ReadAt, RemovedAt,
}

#[derive(Iden, Clone, Copy)]
pub enum RepairOrderMoves {
    Table, Id, EnterpriseId, StoreId, RepairOrderId, FromStatus, ToStatus, MovedBy, MovedAt,
    DmsStatus, DmsError, DmsPushedAt,
}

#[derive(Iden, Clone, Copy)]
pub enum RepairOrderLines {
    Table, Id, RepairOrderId, OpCode, Description, Quantity, Amount, Declined, LineCode, ImportHash,
}

#[derive(Iden, Clone, Copy)]
pub enum ServiceAppointments {
    Table, Id, EnterpriseId, StoreId, CustomerId, VehicleId, AdvisorId, FsiId, Title, ApptStatus,
    ApptAt, DealerCode, ServicePackages, OpCode, TransportType, Notes, Source, ExternalId,
    CreatedBy, CreatedAt, UpdatedAt, ImportHash, DmsStatus, DmsError, DmsPushedAt, CheckedInAt,
    CheckedOutAt,
}

#[derive(Iden, Clone, Copy)]
pub enum FutureServiceInteractions {
    Table, Id, EnterpriseId, BocId, StoreId, CustomerId, VehicleId, Vin, ServiceType, PlannedDate,
    EstimatedDueDate, LeadType, CagLeadType, Status, StatusCode, Outcome, ResponseInsight,
    AppointmentSet, AppointmentId, AiEnabled, DtDialogEnabled, IsDtGotItsChance, RespondedToAi,
    ConversationInitiated, ConversationClosed, WorkflowReqd, ResponseReqd, TotalInboundCount,
    TotalUnreadCount, LastMessageReceivedAt, LastMessageAt, LatestMessage, DelayColorCode,
    ContactLaterAt, FollowUpStep, FollowUpAt, FollowUpSince, FollowUpStopped, ProposedAppointmentAt, OpenRoId, AssignedUserId, PlannerName, Archived,
    JobRunId, CreatedAt, UpdatedAt,
}

#[derive(Iden, Clone, Copy)]
pub enum MessageInstances {
    Table, Id, EnterpriseId, StoreId, FsiId, CustomerId, Direction, MessageType, NotificationType,
    Content, TranslationContent, Subject, FromAddress, FromName, ToAddress, ToName, MessageStatus,
    ErrorCode, ErrorText, ProviderMessageId, MediaUrls, Url, SentByUserId, MessageSentBy,
    UserColorCode, Archived, ResponseReqd, ResponseDueAt, MessageResponseTimeMs, LogMode,
    ValidLogMode, ServiceType, AppointmentId, IsAutomated, ScheduledFor, ReadAt, SentAt,
    DeliveredAt, CreatedAt, UpdatedAt, DispatchedAt, StartsAt, IsCompliance, CallDurationSeconds,
}

#[derive(Iden, Clone, Copy)]
pub enum MessageIntents {
    Table, Id, MessageId, IntentName, Confidence, Evidence, IsFinal, IsMulti, CreatedAt,
}

#[derive(Iden, Clone, Copy)]
pub enum MessageUnderstandings {
    Table, MessageId, RequestedStart, RequestedGrain, RequestedEnd, ResponseInsight,
    CarrierKeyword, UnderstoodAt,
}

#[derive(Iden, Clone, Copy)]
pub enum Marks {
    Table, Id, EnterpriseId, TargetKind, CustomerId, VehicleId, FsiId, MarkCode, Note, CreatedBy,
    CreatedAt,
}

#[derive(Iden, Clone, Copy)]
pub enum Templates {
    Table, Id, EnterpriseId, DivisionCode, TemplateCode, ServiceType, Moc, Title, Body, CreatedAt,
}

#[derive(Iden, Clone, Copy)]
pub enum CustomTemplates {
    Table, Id, EnterpriseId, OwnerUserId, Scope, Title, Body, ServiceType, Intent, Brand,
    CreatedAt, UpdatedAt,
}

#[derive(Iden, Clone, Copy)]
pub enum TemplateFavorites { Table, UserId, CustomTemplateId, CreatedAt }

#[derive(Iden, Clone, Copy)]
pub enum Assistants {
    Table, Id, EnterpriseId, BocId, StoreId, DivisionCode, AgentFirstName, AgentLastName,
    AgentPhoneNumber, Email, InitializerProcessEnabled, CreatedAt, IsActive, UpdatedAt,
}

#[derive(Iden, Clone, Copy)]
pub enum PhoneNumbers {
    Table, Id, EnterpriseId, StoreId, Number, Provider, Capabilities, CreatedAt, ProviderSid, BoughtBy,
}

#[derive(Iden, Clone, Copy)]
pub enum PlannerDefinitions {
    Table, Id, EnterpriseId, StoreId, Name, ServiceType, DealType, MinDays, MaxDays, IsEnabled,
    Settings, CreatedAt, UpdatedAt, Planner, ScheduleId,
}

#[derive(Iden, Clone, Copy)]
pub enum CvLeadBatches {
    Table, Id, EnterpriseId, StoreId, FileName, RowCount, MatchedRows, VehicleCount, CreatedBy,
    CreatedAt, Status, Content, Error, JobRunId,
}

#[derive(Iden, Clone, Copy)]
pub enum CvLeadBatchVehicles { Table, BatchId, VehicleId }

#[derive(Iden, Clone, Copy)]
pub enum PlannerAudits {
    Table, Id, EnterpriseId, StoreId, PlannerName, ServiceType, PlannerDate, Parameters,
    CandidateCount, CreatedCount, SkippedCount, JobRunId, StartedBy, CreatedAt,
}

#[derive(Iden, Clone, Copy)]
pub enum AuditLog { Table, Id, EnterpriseId, UserId, Action, Entity, EntityId, Detail, RequestId, At }

#[derive(Iden, Clone, Copy)]
pub enum JobRuns {
    Table, Id, EnterpriseId, Kind, Input, Status, Progress, TotalCount, DoneCount, FailedCount,
    SkippedCount, Result, Error, ArtifactPath, Checkpoint, Attempt, MaxAttempts, IdempotencyKey,
    CancelRequested, WorkerId, HeartbeatAt, CreatedBy, CreatedAt, StartedAt, FinishedAt, BocId,
    StoreId, Interruptions,
}

#[derive(Iden, Clone, Copy)]
pub enum JobRunLogs { Table, Id, JobRunId, Level, Line, LoggedAt }

#[derive(Iden, Clone, Copy)]
pub enum Schedulers {
    Table, Id, EnterpriseId, StoreId, ApiName, JobKind, Cron, TimeZone, Input, IsEnabled,
    LastFiredAt, NextFireAt, CreatedBy, CreatedAt, UpdatedAt,
}

#[derive(Iden, Clone, Copy)]
pub enum ChatConfigs {
    Table, Id, EnterpriseId, AccountSid, ApiKeySid, ApiKeySecret, ServiceSid, ApiBaseUrl,
    AuthenticatedAt, UpdatedBy, UpdatedAt,
}

#[derive(Iden, Clone, Copy)]
pub enum MessagingGateways {
    Table, Id, EnterpriseId, StoreId, Provider, AccountSid, AuthToken, ApiBaseUrl, CreatedAt,
    UpdatedAt, ApiUsername, ApplicationId, SiteId, LocationId,
}

#[derive(Iden, Clone, Copy)]
pub enum AppSettings { Table, Key, Value, CreatedAt }

#[derive(Iden, Clone, Copy)]
pub enum UploadedFiles {
    Table, Id, EnterpriseId, FsiId, Token, FileName, ContentType, SizeBytes, Content, UploadedBy,
    CreatedAt,
}

#[derive(Iden, Clone, Copy)]
pub enum EmailOutbox {
    Table, Id, EnterpriseId, MessageId, ToAddress, FromAddress, Subject, Mime, Status, Error,
    CreatedAt, SentAt, JobRunId, BodyWithheld,
}

#[derive(Iden, Clone, Copy)]
pub enum EmailAnswerLinks { Table, TokenHash, LeadId, AnsweredAt }

#[derive(Iden, Clone, Copy)]
pub enum ImportFileReports {
    Table, Id, EnterpriseId, BocId, StoreId, FileType, RecallType, FileName, Status, TotalRows,
    ImportedRows, FailedRows, JobRunId, UploadedBy, CreatedAt, FinishedAt, DataSourceId,
    FileFormat, SizeBytes, ContentSha256, Headers, Mapping, RowsDone, BytesRead, InsertedRows,
    UpdatedRows, UnchangedRows, LeadsCreated, Error, SyncHistoryId, Interruptions,
}

#[derive(Iden, Clone, Copy)]
pub enum ImportFileChunks { Table, ReportId, Seq, Content }

#[derive(Iden, Clone, Copy)]
pub enum ImportRowErrors { Table, Id, ReportId, RowNumber, Field, Message, RawRow }

#[derive(Iden, Clone, Copy)]
pub enum ImportedLeads {
    Table, Id, EnterpriseId, BocId, StoreId, FileType, NaturalKey, CampaignType, ReportId,
    LineNumber, RecallType, CampaignCode, Vin, CustomerNumber, FirstName, LastName, Phone, Email,
    Make, Model, Year, Description, EventDate, ExpiryDate, VisitsTotal, VisitsUsed, Mileage,
    RowHash, EnrichmentStatus, ReasonKey, CustomerId, VehicleId, FsiId, ReviewedBy, ReviewedAt,
    CreatedAt, UpdatedAt,
}

#[derive(Iden, Clone, Copy)]
pub enum DataSourceConfigurations {
    Table, Id, EnterpriseId, StoreId, Name, SourceKind, Settings, IsEnabled, CreatedBy, CreatedAt,
    UpdatedAt,
}

#[derive(Iden, Clone, Copy)]
pub enum DataSourceMappings {
    Table, Id, ConfigurationId, FileType, TargetField, SourceField, UpdatedAt,
}

#[derive(Iden, Clone, Copy)]
pub enum SyncHistory {
    Table, Id, EnterpriseId, StoreId, ConfigurationId, Status, RecordCount, ErrorCount, Message,
    JobRunId, StartedAt, FinishedAt, FileCount, InsertedRows, UpdatedRows, UnchangedRows,
    TriggeredBy,
}

#[derive(Iden, Clone, Copy)]
pub enum StoreOpeningHours { Table, StoreId, Weekday, Opens, Closes }

#[derive(Iden, Clone, Copy)]
pub enum AppointmentSlotClaims { Table, StoreId, AdvisorKey, SlotAt, AppointmentId }

#[derive(Iden, Clone, Copy)]
pub enum BulkInitiationLeads {
    Table, Id, JobRunId, EnterpriseId, StoreId, FsiId, CustomerId, ServiceType, Outcome, Reason,
    Detail, MessageId, ScheduledFor, ClaimedAt, FinishedAt, CreatedAt,
}

#[derive(Iden, Clone, Copy)]
pub enum FollowUpSteps {
    Table, Id, EnterpriseId, StoreId, Step, Enabled, DelayHours, Channel, TemplateId, Subject,
    Body, UpdatedBy, UpdatedAt,
}

#[derive(Iden, Clone, Copy)]
pub enum MailingLists { Table, Id, EnterpriseId, Code, CreatedAt }

#[derive(Iden, Clone, Copy)]
pub enum MailingListDetails { Table, Id, MailingListId, CustomerId, Name, Email, Phone, CreatedAt }

#[derive(Iden, Clone, Copy)]
pub enum AssistantFiles { Table, Id, EnterpriseId, StoreId, Content, Version, UpdatedBy, UpdatedAt }

#[derive(Iden, Clone, Copy)]
pub enum AssistantFileVersions { Table, Id, FileId, Version, Content, SavedBy, SavedAt }

#[derive(Iden, Clone, Copy)]
pub enum AssistantFileRuns { Table, Id, EnterpriseId, StoreId, RunBy, Conversation, Outcome, At }

#[derive(Iden, Clone, Copy)]
pub enum StoreCodeMappings { Table, Id, EnterpriseId, Code, StoreId, MappedBy, MappedAt }

#[derive(Iden, Clone, Copy)]
pub enum UnmappedRecords { Table, Id, EnterpriseId, Code, ReportId, LineNumber, Record, Digest, CreatedAt }

#[derive(Iden, Clone, Copy)]
pub enum LeadForms {
    Table, Id, Slug, EnterpriseId, StoreId, Brand, Title, ConsentText, AccentColor, IsActive,
    UpdatedAt,
}

#[derive(Iden, Clone, Copy)]
pub enum ConsentRecords {
    Table, Id, EnterpriseId, StoreId, CustomerId, FsiId, FormSlug, Phone, ConsentText, Message,
    Address, UserAgent, ConsentedAt,
}

#[derive(Iden, Clone, Copy)]
pub enum PublicAttempts { Table, Id, Action, SubjectKind, Subject, AttemptedAt }

#[derive(Iden, Clone, Copy)]
pub enum ReportLeadChanges { Table, Seq, FsiId, ChangedAt }
