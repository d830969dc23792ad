//! Mailing lists at the spec's paths (H-C15 to H-C20): `tenantId` is the enterprise. Reports are
//! mailed to them on a schedule (`reports.mail`, docs/reports.md).

use chrono::{DateTime, Utc};
use poem::Request;
use poem::web::Data;
use poem_openapi::param::Query;
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};
use reports::{MailingList, NewRecipient, Recipient};

use super::ApiTags;
use super::session::MessageResponse;
use crate::auth::{Session, scope_naming};
use crate::error::ApiResult;
use crate::state::AppState;

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct MailingListView {
    pub mailing_list_master_id: i64,
    pub code: String,
    pub tenant_id: i64,
    pub recipients: i64,
    pub created_at: DateTime<Utc>,
}

impl From<MailingList> for MailingListView {
    fn from(list: MailingList) -> Self {
        Self {
            mailing_list_master_id: list.id,
            code: list.code,
            tenant_id: list.enterprise_id,
            recipients: list.recipients,
            created_at: list.created_at,
        }
    }
}

#[derive(Debug, Object)]
#[oai(rename_all = "camelCase", skip_serializing_if_is_none)]
pub struct MailingListDetailView {
    pub mailing_list_details_id: i64,
    pub mailing_list_master_id: i64,
    pub name: Option<String>,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub created_at: DateTime<Utc>,
}

impl From<Recipient> for MailingListDetailView {
    fn from(r: Recipient) -> Self {
        Self {
            mailing_list_details_id: r.id,
            mailing_list_master_id: r.mailing_list_id,
            name: r.name,
            email: r.email,
            phone: r.phone,
            created_at: r.created_at,
        }
    }
}

/// A new list: its code must start with `LIST-`.
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct NewMailingListBody {
    #[oai(validator(max_length = 100))]
    pub code: String,
    pub tenant_id: Option<i64>,
}

/// A recipient of a list.
#[derive(Debug, Object)]
#[oai(rename_all = "camelCase")]
pub struct NewMailingListDetailBody {
    pub tenant_id: Option<i64>,
    pub mailing_list_master_id: i64,
    #[oai(validator(max_length = 254))]
    pub email: String,
    #[oai(validator(max_length = 200))]
    pub name: Option<String>,
    #[oai(validator(max_length = 40))]
    pub phone: Option<String>,
}

pub struct MailingListApi;

#[OpenApi(tag = "ApiTags::Reports")]
impl MailingListApi {
    /// The enterprise's mailing lists with their number of recipients.
    #[oai(path = "/mailinglist", method = "get")]
    async fn lists(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "tenantId")] tenant_id: Query<Option<i64>>,
    ) -> ApiResult<Json<Vec<MailingListView>>> {
        let scope = scope_naming(&caller, req, tenant_id.0)?;
        let lists = state.mailing_lists.list(&caller, &scope).await?;
        Ok(Json(lists.into_iter().map(Into::into).collect()))
    }

    /// Creates a list; its code must start with `LIST-` (400 "…should begin with LIST-…").
    #[oai(path = "/mailinglist", method = "post")]
    async fn create(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        body: Json<NewMailingListBody>,
    ) -> ApiResult<Json<MailingListView>> {
        let scope = scope_naming(&caller, req, body.tenant_id)?;
        let list = state
            .mailing_lists
            .create(&caller, &scope, &body.code, Utc::now())
            .await?;
        Ok(Json(list.into()))
    }

    /// Deletes a list and its recipients.
    #[oai(path = "/mailinglist", method = "delete")]
    async fn delete(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "tenantId")] tenant_id: Query<Option<i64>>,
        #[oai(name = "mailingListMasterId")] list_id: Query<i64>,
    ) -> ApiResult<Json<MessageResponse>> {
        let scope = scope_naming(&caller, req, tenant_id.0)?;
        state
            .mailing_lists
            .delete(&caller, &scope, list_id.0)
            .await?;
        Ok(Json(MessageResponse {
            message: "Mailing list deleted".to_owned(),
        }))
    }

    /// The recipients of a list.
    #[oai(path = "/mailinglist/details", method = "get")]
    async fn details(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "tenantId")] tenant_id: Query<Option<i64>>,
        #[oai(name = "mailingListMasterId")] list_id: Query<i64>,
    ) -> ApiResult<Json<Vec<MailingListDetailView>>> {
        let scope = scope_naming(&caller, req, tenant_id.0)?;
        let recipients = state
            .mailing_lists
            .recipients(&caller, &scope, list_id.0)
            .await?;
        Ok(Json(recipients.into_iter().map(Into::into).collect()))
    }

    /// Adds a recipient (an e-mail address, once per list).
    #[oai(path = "/mailinglist/details", method = "post")]
    async fn add_detail(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        body: Json<NewMailingListDetailBody>,
    ) -> ApiResult<Json<MailingListDetailView>> {
        let scope = scope_naming(&caller, req, body.tenant_id)?;
        let body = body.0;
        let recipient = state
            .mailing_lists
            .add_recipient(
                &caller,
                &scope,
                body.mailing_list_master_id,
                &NewRecipient {
                    name: body.name,
                    email: body.email,
                    phone: body.phone,
                },
                Utc::now(),
            )
            .await?;
        Ok(Json(recipient.into()))
    }

    /// Removes a recipient.
    #[oai(path = "/mailinglist/details", method = "delete")]
    async fn delete_detail(
        &self,
        state: Data<&AppState>,
        req: &Request,
        Session(caller): Session,
        #[oai(name = "tenantId")] tenant_id: Query<Option<i64>>,
        #[oai(name = "mailingListDetailsId")] detail_id: Query<i64>,
    ) -> ApiResult<Json<MessageResponse>> {
        let scope = scope_naming(&caller, req, tenant_id.0)?;
        state
            .mailing_lists
            .remove_recipient(&caller, &scope, detail_id.0)
            .await?;
        Ok(Json(MessageResponse {
            message: "Recipient removed".to_owned(),
        }))
    }
}
