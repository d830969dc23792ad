//! The developer area at the spec's paths (H-C1…H-C7): assistant and template files, saved
//! with their history, previewed, validated, executed, and the store's log. Rules live in
//! `engine::admin::developer`.

use chrono::{DateTime, Utc};
use engine::admin::developer::DeveloperFile;
use engine::assistant::script::{ExecutedTurn, Problem};
use poem::Request;
use poem::web::Data;
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

use super::ApiTags;
use crate::auth::{Session, request_scope};
use crate::error::ApiResult;
use crate::state::AppState;

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct DeveloperFileView {
    /// `STORECODE.aiva` (a store's assistant) or `DIVISION/CODE.MOC.tpl` (a template).
    pub file_name: String,
    pub file_content: String,
    /// The assistant file's version (0: the store still uses the built-in one).
    pub version: i32,
    pub store_id: Option<i64>,
    pub store_name: Option<String>,
    pub template_id: Option<i64>,
    pub updated_at: Option<DateTime<Utc>>,
}

impl From<DeveloperFile> for DeveloperFileView {
    fn from(f: DeveloperFile) -> Self {
        Self {
            file_name: f.file_name,
            file_content: f.file_content,
            version: f.version,
            store_id: f.store_id,
            store_name: f.store_name,
            template_id: f.template_id,
            updated_at: f.updated_at,
        }
    }
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct SaveFileBody {
    #[oai(validator(max_length = 200))]
    pub file_name: String,
    #[oai(validator(max_length = 20000))]
    pub file_content: String,
    /// The version opened; saving over a newer one is refused (409).
    pub version: Option<i32>,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct ValidateBody {
    #[oai(validator(max_length = 20000))]
    pub file_content: String,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct ProblemView {
    pub line: u64,
    pub reason: String,
}

impl From<Problem> for ProblemView {
    fn from(p: Problem) -> Self {
        Self {
            line: p.line as u64,
            reason: p.reason,
        }
    }
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct ValidationView {
    pub valid: bool,
    pub problems: Vec<ProblemView>,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct PreviewBody {
    /// The sample lead the template is filled for.
    pub lead_id: i64,
    #[oai(validator(max_length = 20000))]
    pub file_content: String,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct PreviewView {
    pub body: String,
    pub sms_text: String,
    /// Fields the lead has no value for.
    pub missing: Vec<String>,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct ExecuteBody {
    pub store_id: i64,
    /// A draft to run; the store's saved file when absent.
    #[oai(validator(max_length = 20000))]
    pub file_content: Option<String>,
    /// The customer's texts, in order.
    #[oai(validator(max_items = 20))]
    pub conversation: Vec<String>,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct ExecutedTurnView {
    pub text: String,
    pub intents: Vec<String>,
    pub requested_time: Option<String>,
    /// opt-out, handoff, book, offer, ask-time, left-to-staff or no-reply.
    pub action: String,
    pub reply: Option<String>,
}

impl From<ExecutedTurn> for ExecutedTurnView {
    fn from(t: ExecutedTurn) -> Self {
        Self {
            text: t.text,
            intents: t.intents.into_iter().map(str::to_owned).collect(),
            requested_time: t.requested_time,
            action: t.action.to_owned(),
            reply: t.reply,
        }
    }
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct LogBody {
    pub store_id: i64,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct VersionView {
    pub version: i32,
    pub file_content: String,
    pub saved_by: Option<i64>,
    pub saved_at: DateTime<Utc>,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct RunView {
    pub id: i64,
    pub run_by: Option<i64>,
    /// The customer texts run (JSON array).
    pub conversation: String,
    /// What the assistant would have done (JSON).
    pub outcome: String,
    pub at: DateTime<Utc>,
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct LogView {
    pub versions: Vec<VersionView>,
    pub runs: Vec<RunView>,
}

pub struct DeveloperApi;

#[OpenApi(tag = "ApiTags::Administration")]
impl DeveloperApi {
    /// The enterprise's standard templates as files (`DIVISION/CODE.MOC.tpl`).
    #[oai(path = "/aiva/developer/files/tpl", method = "get")]
    async fn template_files(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
    ) -> ApiResult<Json<Vec<DeveloperFileView>>> {
        let scope = request_scope(&caller, req)?;
        let files = state.developer.template_files(&caller, &scope).await?;
        Ok(Json(files.into_iter().map(Into::into).collect()))
    }

    /// Every store's assistant file (`STORECODE.aiva`; the built-in one where none is saved).
    #[oai(path = "/aiva/developer/files/aiva", method = "get")]
    async fn assistant_files(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
    ) -> ApiResult<Json<Vec<DeveloperFileView>>> {
        let scope = request_scope(&caller, req)?;
        let files = state.developer.assistant_files(&caller, &scope).await?;
        Ok(Json(files.into_iter().map(Into::into).collect()))
    }

    /// Saves a file. An assistant file with any problem is refused (400, each problem with
    /// its line); saving over a version newer than the one opened is 409.
    #[oai(path = "/aiva/developer/file", method = "put")]
    async fn save(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        body: Json<SaveFileBody>,
    ) -> ApiResult<Json<DeveloperFileView>> {
        let scope = request_scope(&caller, req)?;
        let saved = state
            .developer
            .save(
                &caller,
                &scope,
                &body.file_name,
                &body.file_content,
                body.version,
                Utc::now(),
            )
            .await?;
        Ok(Json(saved.into()))
    }

    /// A template filled for a sample lead.
    #[oai(path = "/aiva/developer/template/preview", method = "post")]
    async fn preview(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        body: Json<PreviewBody>,
    ) -> ApiResult<Json<PreviewView>> {
        let scope = request_scope(&caller, req)?;
        let rendered = state
            .developer
            .preview(&caller, &scope, body.lead_id, &body.file_content)
            .await?;
        Ok(Json(PreviewView {
            body: rendered.body,
            sms_text: rendered.sms_text,
            missing: rendered.missing.iter().map(|f| f.key.to_owned()).collect(),
        }))
    }

    /// An assistant file's problems, each with its line (none: it would be saved).
    #[oai(path = "/aiva/developer/aiva/validate", method = "post")]
    async fn validate(
        &self,
        state: Data<&AppState>,
        Session(caller): Session,
        body: Json<ValidateBody>,
    ) -> ApiResult<Json<ValidationView>> {
        let problems = state.developer.validate(&caller, &body.file_content)?;
        Ok(Json(ValidationView {
            valid: problems.is_empty(),
            problems: problems.into_iter().map(Into::into).collect(),
        }))
    }

    /// Runs an assistant file against a sample conversation: what the assistant would read
    /// and answer to each text (nothing is sent or booked). The run goes to the store's log.
    #[oai(path = "/aiva/developer/execute", method = "post")]
    async fn execute(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        body: Json<ExecuteBody>,
    ) -> ApiResult<Json<Vec<ExecutedTurnView>>> {
        let scope = request_scope(&caller, req)?;
        let turns = state
            .developer
            .execute(
                &caller,
                &scope,
                body.store_id,
                body.file_content.as_deref(),
                &body.conversation,
                Utc::now(),
            )
            .await?;
        Ok(Json(turns.into_iter().map(Into::into).collect()))
    }

    /// A store's assistant-file versions and latest runs.
    #[oai(path = "/aiva/developer/log", method = "post")]
    async fn log(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        body: Json<LogBody>,
    ) -> ApiResult<Json<LogView>> {
        let scope = request_scope(&caller, req)?;
        let log = state.developer.log(&caller, &scope, body.store_id).await?;
        Ok(Json(LogView {
            versions: log
                .versions
                .into_iter()
                .map(|v| VersionView {
                    version: v.version,
                    file_content: v.content,
                    saved_by: v.saved_by,
                    saved_at: v.saved_at,
                })
                .collect(),
            runs: log
                .runs
                .into_iter()
                .map(|r| RunView {
                    id: r.id,
                    run_by: r.run_by,
                    conversation: r.conversation,
                    outcome: r.outcome,
                    at: r.at,
                })
                .collect(),
        }))
    }
}
