//! The e-mail outbox: e-mails and job reports recorded for sending, and the page of what was sent.

use super::*;
use crate::domain::messages::Email;

/// An e-mail as it went out.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct OutboxEmail {
    pub id: i64,
    /// The customer's message it carried; none for a job's own mail (a scheduled report).
    pub message_id: Option<i64>,
    pub to_address: String,
    pub from_address: String,
    pub subject: String,
    pub mime: String,
    pub status: String,
    pub error: Option<String>,
    pub created_at: DateTime<Utc>,
    pub sent_at: Option<DateTime<Utc>>,
    /// An account e-mail: its `mime` is the headers alone, the body withheld.
    pub body_withheld: bool,
}

/// The job run an e-mail of its own belongs to.
#[derive(Debug, Clone, Copy)]
pub struct JobEmailRun {
    pub enterprise_id: i64,
    pub job_run_id: i64,
}

/// Who an outbox e-mail belongs to: a message, or a job run.
pub(super) struct OutboxSender {
    enterprise_id: i64,
    message_id: Option<i64>,
    job_run_id: Option<i64>,
    /// The body holds a secret (a password link): kept, but never shown by the outbox.
    body_withheld: bool,
}

/// What the outbox shows instead of an account e-mail's body.
pub const WITHHELD_BODY: &str =
    "[The body of this e-mail is withheld: it holds a one-time password link or log-in code.]";

/// The headers of `mime` (up to the blank line), with the body replaced by [`WITHHELD_BODY`]
/// as plain text (the content headers, folded lines and all, are replaced to match).
pub(super) fn withhold_body(mime: &str) -> String {
    let headers = mime
        .split_once("\r\n\r\n")
        .or_else(|| mime.split_once("\n\n"))
        .map_or("", |(headers, _)| headers);
    let mut kept: Vec<&str> = Vec::new();
    let mut dropping = false;
    for line in headers.lines() {
        if line.starts_with([' ', '\t']) {
            if !dropping {
                kept.push(line);
            }
            continue;
        }
        dropping = line.to_ascii_lowercase().starts_with("content-");
        if !dropping {
            kept.push(line);
        }
    }
    kept.push("Content-Type: text/plain; charset=utf-8");
    kept.push("Content-Transfer-Encoding: 7bit");
    format!("{}\r\n\r\n{WITHHELD_BODY}\r\n", kept.join("\r\n"))
}

impl MessageStore {
    /// Keeps the e-mail exactly as it went out (or waits, without SMTP).
    pub async fn record_email(
        &self,
        message: &MessageRecord,
        email: &Email,
        mime: &str,
        status: &str,
        error: Option<&str>,
        now: DateTime<Utc>,
    ) -> Result<()> {
        let sender = OutboxSender {
            enterprise_id: message.enterprise_id,
            message_id: Some(message.id),
            job_run_id: None,
            body_withheld: false,
        };
        self.record_outbox(sender, email, mime, status, error, now)
            .await
    }

    /// Keeps an e-mail a job sent on its own (a scheduled report), as [`Self::record_email`]
    /// keeps a message's.
    pub async fn record_job_email(
        &self,
        run: JobEmailRun,
        email: &Email,
        mime: &str,
        status: &str,
        error: Option<&str>,
        now: DateTime<Utc>,
    ) -> Result<()> {
        let sender = OutboxSender {
            enterprise_id: run.enterprise_id,
            message_id: None,
            job_run_id: Some(run.job_run_id),
            body_withheld: false,
        };
        self.record_outbox(sender, email, mime, status, error, now)
            .await
    }

    /// Keeps an e-mail that belongs to no message or job (a password link), without its body.
    pub async fn record_notice_email(
        &self,
        enterprise_id: i64,
        email: &Email,
        mime: &str,
        status: &str,
        error: Option<&str>,
        now: DateTime<Utc>,
    ) -> Result<()> {
        let sender = OutboxSender {
            enterprise_id,
            message_id: None,
            job_run_id: None,
            body_withheld: true,
        };
        self.record_outbox(sender, email, mime, status, error, now)
            .await
    }

    pub(super) async fn record_outbox(
        &self,
        sender: OutboxSender,
        email: &Email,
        mime: &str,
        status: &str,
        error: Option<&str>,
        now: DateTime<Utc>,
    ) -> Result<()> {
        let insert = Query::insert()
            .into_table(EmailOutbox::Table)
            .columns([
                EmailOutbox::EnterpriseId,
                EmailOutbox::MessageId,
                EmailOutbox::JobRunId,
                EmailOutbox::ToAddress,
                EmailOutbox::FromAddress,
                EmailOutbox::Subject,
                EmailOutbox::Mime,
                EmailOutbox::Status,
                EmailOutbox::Error,
                EmailOutbox::CreatedAt,
                EmailOutbox::SentAt,
                EmailOutbox::BodyWithheld,
            ])
            .values_panic([
                sender.enterprise_id.into(),
                sender.message_id.into(),
                sender.job_run_id.into(),
                email.to_address.clone().into(),
                email.from_address.clone().into(),
                email.subject.clone().into(),
                mime.into(),
                status.into(),
                error.map(str::to_owned).into(),
                now.into(),
                (status == "sent").then_some(now).into(),
                sender.body_withheld.into(),
            ])
            .to_owned();
        self.db.execute(&insert).await?;
        Ok(())
    }

    /// The outbox: e-mail and invites as they were sent, newest first: those of the messages
    /// the caller may see in a conversation (scope and `visibility`: the GM's handoff e-mail is
    /// the super data admin's, spec I-R8), and a job's own mail (a scheduled report) for a
    /// caller who sees the whole enterprise.
    pub async fn outbox(
        &self,
        scope: &Scope,
        visibility: Visibility,
        page: PageRequest,
    ) -> Result<Page<OutboxEmail>> {
        let mut query = Query::select();
        query
            .columns([
                EmailOutbox::Id,
                EmailOutbox::MessageId,
                EmailOutbox::ToAddress,
                EmailOutbox::FromAddress,
                EmailOutbox::Subject,
                EmailOutbox::Mime,
                EmailOutbox::Status,
                EmailOutbox::Error,
                EmailOutbox::CreatedAt,
                EmailOutbox::SentAt,
                EmailOutbox::BodyWithheld,
            ])
            .from(EmailOutbox::Table)
            .and_where(Expr::col(EmailOutbox::EnterpriseId).eq(scope.enterprise_id));
        // The outbox has no store: its e-mail goes with the message it carried.
        let mut visible = Query::select();
        visible.column((Msg::Table, Msg::Id)).from(Msg::Table);
        scope.restrict(&mut visible, Msg::Table, false);
        apply_visibility(&mut visible, visibility);
        let of_visible = Expr::col(EmailOutbox::MessageId).in_subquery(visible);
        query.and_where(if scope.is_whole_enterprise() {
            of_visible.or(Expr::col(EmailOutbox::MessageId).is_null())
        } else {
            of_visible
        });
        let mut count = query.clone();
        count
            .clear_selects()
            .expr(Func::count(Expr::col(EmailOutbox::Id)));
        let total: i64 = self.db.fetch_scalar(&count).await?;
        query
            .order_by(EmailOutbox::Id, Order::Desc)
            .limit(page.size)
            .offset(page.offset());
        let mut emails: Vec<OutboxEmail> = self.db.fetch_all(&query).await?;
        for email in emails.iter_mut().filter(|e| e.body_withheld) {
            email.mime = withhold_body(&email.mime);
        }
        Ok(Page::new(emails, page, Ord::max(total, 0) as u64))
    }
}

#[cfg(test)]
mod withheld_tests {
    use super::*;

    #[test]
    fn a_withheld_body_keeps_the_headers_and_loses_the_link() {
        let mime = "From: Bayline <accounts@bayline.local>\r\nSubject: Reset\r\n\
                    Content-Type: multipart/alternative;\r\n boundary=\"b1\"\r\n\
                    Content-Transfer-Encoding: quoted-printable\r\n\r\n\
                    <a href=3D\"http://x/reset-password?token=3Dsecret\">go</a>\r\n";
        let shown = withhold_body(mime);
        assert!(shown.starts_with("From: Bayline <accounts@bayline.local>\r\nSubject: Reset\r\n"));
        assert!(shown.contains(WITHHELD_BODY));
        assert!(shown.contains("Content-Type: text/plain"));
        assert!(
            !shown.contains("secret")
                && !shown.contains("quoted-printable")
                && !shown.contains("b1"),
            "{shown}"
        );
    }
}
