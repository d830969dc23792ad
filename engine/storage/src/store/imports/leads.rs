//! Imported leads (recall, prepaid, FEA): their rows, search, enrichment and review.

use super::*;

impl ImportStore {
    pub(super) fn select_leads() -> SelectStatement {
        Query::select()
            .columns([
                ImportedLeads::Id,
                ImportedLeads::EnterpriseId,
                ImportedLeads::BocId,
                ImportedLeads::StoreId,
                ImportedLeads::FileType,
                ImportedLeads::CampaignType,
                ImportedLeads::ReportId,
                ImportedLeads::LineNumber,
                ImportedLeads::RecallType,
                ImportedLeads::CampaignCode,
                ImportedLeads::Vin,
                ImportedLeads::CustomerNumber,
                ImportedLeads::FirstName,
                ImportedLeads::LastName,
                ImportedLeads::Phone,
                ImportedLeads::Email,
                ImportedLeads::Make,
                ImportedLeads::Model,
                ImportedLeads::Year,
                ImportedLeads::Description,
                ImportedLeads::EventDate,
                ImportedLeads::ExpiryDate,
                ImportedLeads::VisitsTotal,
                ImportedLeads::VisitsUsed,
                ImportedLeads::Mileage,
                ImportedLeads::EnrichmentStatus,
                ImportedLeads::ReasonKey,
                ImportedLeads::CustomerId,
                ImportedLeads::VehicleId,
                ImportedLeads::FsiId,
                ImportedLeads::ReviewedBy,
                ImportedLeads::ReviewedAt,
                ImportedLeads::CreatedAt,
                ImportedLeads::UpdatedAt,
            ])
            .from(ImportedLeads::Table)
            .to_owned()
    }

    /// Imported leads, in file order (report, then line).
    pub async fn imported_leads(
        &self,
        search: &ImportedLeadSearch,
        page: PageRequest,
    ) -> Result<Page<ImportedLead>> {
        let filter = |query: &mut SelectStatement| {
            query
                .and_where(Expr::col(ImportedLeads::EnterpriseId).eq(search.enterprise_id))
                .and_where(Expr::col(ImportedLeads::StoreId).is_in(search.store_ids.clone()));
            if let Some(file_type) = search.file_type {
                query.and_where(Expr::col(ImportedLeads::FileType).eq(file_type.as_str()));
            }
            if let Some(report_id) = search.report_id {
                query.and_where(Expr::col(ImportedLeads::ReportId).eq(report_id));
            }
            if !search.statuses.is_empty() {
                query.and_where(
                    Expr::col(ImportedLeads::EnrichmentStatus)
                        .is_in(search.statuses.iter().map(|s| s.as_str())),
                );
            }
            if let Some(vin) = &search.vin {
                query.and_where(Expr::col(ImportedLeads::Vin).eq(normalize_vin(vin)));
            }
        };
        let mut count = Query::select();
        count
            .expr(Expr::col(sea_query::Asterisk).count())
            .from(ImportedLeads::Table);
        filter(&mut count);
        let total: i64 = self.db.fetch_scalar(&count).await?;
        let mut query = Self::select_leads();
        filter(&mut query);
        // Each file's rows in file order (a batch writes its rows in key order).
        query
            .order_by(ImportedLeads::ReportId, Order::Asc)
            .order_by(ImportedLeads::LineNumber, Order::Asc)
            .order_by(ImportedLeads::Id, Order::Asc)
            .limit(page.size)
            .offset(page.offset());
        let rows = self.db.fetch_all(&query).await?;
        Ok(Page::new(rows, page, Ord::max(total, 0) as u64))
    }

    /// Matches a report's PENDING rows to customers and vehicles and makes leads of those that
    /// can be texted (see [`EnrichmentStatus`]); adds the leads made to the report's count.
    pub async fn enrich_report(
        &self,
        report: &ImportReport,
        today: NaiveDate,
        now: DateTime<Utc>,
    ) -> Result<EnrichmentCounts> {
        let selection = EnrichmentSelection {
            enterprise_id: report.enterprise_id,
            store_ids: report.store_id.into_iter().collect(),
            file_types: vec![report.file_type],
            report_id: Some(report.id),
        };
        let mut counts = EnrichmentCounts::default();
        while let Some(batch) = self.enrich_next(&selection, today, now).await? {
            counts.add(batch);
        }
        Ok(counts)
    }

    pub(super) fn select_selection(selection: &EnrichmentSelection, query: &mut SelectStatement) {
        query
            .and_where(Expr::col(ImportedLeads::EnterpriseId).eq(selection.enterprise_id))
            .and_where(Expr::col(ImportedLeads::StoreId).is_in(selection.store_ids.clone()))
            .and_where(
                Expr::col(ImportedLeads::FileType)
                    .is_in(selection.file_types.iter().map(|t| t.as_str())),
            );
        if let Some(report_id) = selection.report_id {
            query.and_where(Expr::col(ImportedLeads::ReportId).eq(report_id));
        }
    }

    /// Puts the selection's rows that found no customer, or no textable one, back to PENDING
    /// (customers and vehicles may have arrived since); answers how many rows are PENDING.
    pub async fn reopen_for_enrichment(&self, selection: &EnrichmentSelection) -> Result<u64> {
        let mut ids = Query::select();
        ids.column(ImportedLeads::Id).from(ImportedLeads::Table);
        Self::select_selection(selection, &mut ids);
        self.db
            .execute(
                &Query::update()
                    .table(ImportedLeads::Table)
                    .value(
                        ImportedLeads::EnrichmentStatus,
                        EnrichmentStatus::Pending.as_str(),
                    )
                    .and_where(Expr::col(ImportedLeads::Id).in_subquery(ids))
                    .and_where(Expr::col(ImportedLeads::EnrichmentStatus).is_in([
                        EnrichmentStatus::NotMatched.as_str(),
                        EnrichmentStatus::NotTextable.as_str(),
                    ]))
                    .to_owned(),
            )
            .await?;
        let mut pending = Query::select();
        pending
            .expr(Expr::col(sea_query::Asterisk).count())
            .from(ImportedLeads::Table)
            .and_where(
                Expr::col(ImportedLeads::EnrichmentStatus).eq(EnrichmentStatus::Pending.as_str()),
            );
        Self::select_selection(selection, &mut pending);
        let count: i64 = self.db.fetch_scalar(&pending).await?;
        Ok(Ord::max(count, 0) as u64)
    }

    /// Enriches the next batch of the selection's PENDING rows, in one transaction (with the
    /// leads made counted on their reports); `None` when none is left.
    pub async fn enrich_next(
        &self,
        selection: &EnrichmentSelection,
        today: NaiveDate,
        now: DateTime<Utc>,
    ) -> Result<Option<EnrichmentCounts>> {
        let mut query = Self::select_leads();
        query.and_where(
            Expr::col(ImportedLeads::EnrichmentStatus).eq(EnrichmentStatus::Pending.as_str()),
        );
        Self::select_selection(selection, &mut query);
        query
            .order_by(ImportedLeads::Id, Order::Asc)
            .limit(ENRICH_BATCH);
        let rows: Vec<ImportedLead> = self.db.fetch_all(&query).await?;
        if rows.is_empty() {
            return Ok(None);
        }
        self.enrich_rows(&rows, today, now).await.map(Some)
    }

    /// One imported row of the stores.
    pub async fn imported_lead(
        &self,
        enterprise_id: i64,
        store_ids: &[i64],
        id: i64,
    ) -> Result<ImportedLead> {
        let mut query = Self::select_leads();
        query
            .and_where(Expr::col(ImportedLeads::Id).eq(id))
            .and_where(Expr::col(ImportedLeads::EnterpriseId).eq(enterprise_id))
            .and_where(Expr::col(ImportedLeads::StoreId).is_in(store_ids.to_vec()));
        self.db
            .fetch_optional(&query)
            .await?
            .ok_or_else(|| Error::not_found(format!("Imported lead {id} not found")))
    }

    /// A reviewer's decision on a row of the stores. A rejection needs a reason and archives
    /// the lead the file made of the row while nobody has texted it; accepting a rejected row
    /// brings that lead back (still untexted). A lead that is not the file's (a planner's, or
    /// one already in conversation) is never touched.
    pub async fn review(
        &self,
        enterprise_id: i64,
        store_ids: &[i64],
        review: &Review,
    ) -> Result<ImportedLead> {
        let row = self
            .imported_lead(enterprise_id, store_ids, review.id)
            .await?;
        if review.decision == ReviewDecision::Rejected && review.reason.is_none() {
            return Err(Error::invalid(format!(
                "reasonkey is required to reject a row: one of {}",
                ReasonKey::ALL
                    .iter()
                    .map(|r| r.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            )));
        }
        let reason = match review.decision {
            ReviewDecision::Rejected => review.reason.map(|r| r.as_str()),
            ReviewDecision::Accepted => None,
        };
        let mut tx = self.db.begin().await?;
        tx.execute(
            &Query::update()
                .table(ImportedLeads::Table)
                .value(
                    ImportedLeads::EnrichmentStatus,
                    review.decision.status().as_str(),
                )
                .value(ImportedLeads::ReasonKey, reason)
                .value(ImportedLeads::ReviewedBy, review.reviewer)
                .value(ImportedLeads::ReviewedAt, review.now)
                .value(ImportedLeads::UpdatedAt, review.now)
                .and_where(Expr::col(ImportedLeads::Id).eq(row.id))
                .to_owned(),
        )
        .await?;
        let archive = match review.decision {
            ReviewDecision::Rejected => Some(true),
            ReviewDecision::Accepted if row.enrichment_status == EnrichmentStatus::Rejected => {
                Some(false)
            }
            ReviewDecision::Accepted => None,
        };
        if let (Some(archived), Some(fsi_id)) = (archive, row.fsi_id) {
            tx.execute(
                &Query::update()
                    .table(Fsi::Table)
                    .value(Fsi::Archived, archived)
                    .value(Fsi::UpdatedAt, review.now)
                    .and_where(Expr::col(Fsi::Id).eq(fsi_id))
                    .and_where(Expr::col(Fsi::ConversationInitiated).eq(false))
                    .and_where(Expr::col(Fsi::ServiceType).eq(row.campaign_type.as_str()))
                    .and_where(Expr::col(Fsi::PlannerName).eq(row.campaign_type.lead_source()))
                    .to_owned(),
            )
            .await?;
        }
        tx.commit().await?;
        self.imported_lead(enterprise_id, store_ids, row.id).await
    }

    /// Enriches rows of one enterprise, in one transaction.
    pub(super) async fn enrich_rows(
        &self,
        rows: &[ImportedLead],
        today: NaiveDate,
        now: DateTime<Utc>,
    ) -> Result<EnrichmentCounts> {
        let Some(first) = rows.first() else {
            return Ok(EnrichmentCounts::default());
        };
        let enterprise_id = first.enterprise_id;
        let vins: Vec<String> = rows.iter().filter_map(|r| r.vin.clone()).collect();
        let vehicles: Vec<VehicleMatch> = self
            .db
            .fetch_all(
                &Query::select()
                    .columns([
                        Vehicles::Id,
                        Vehicles::Vin,
                        Vehicles::CustomerId,
                        Vehicles::Make,
                        Vehicles::Model,
                        Vehicles::Year,
                    ])
                    .from(Vehicles::Table)
                    .and_where(Expr::col(Vehicles::EnterpriseId).eq(enterprise_id))
                    .and_where(Expr::col(Vehicles::Vin).is_in(vins))
                    .to_owned(),
            )
            .await?;
        let vehicle_by_vin: HashMap<&str, &VehicleMatch> =
            vehicles.iter().map(|v| (v.vin.as_str(), v)).collect();
        let customer_ids: Vec<i64> = vehicles.iter().filter_map(|v| v.customer_id).collect();
        let numbers: Vec<String> = rows
            .iter()
            .filter_map(|r| r.customer_number.clone())
            .collect();
        let phones: Vec<String> = rows.iter().filter_map(|r| r.phone.clone()).collect();
        let customers: Vec<CustomerMatch> = self
            .db
            .fetch_all(
                &Query::select()
                    .columns([
                        Customers::Id,
                        Customers::BocId,
                        Customers::StoreId,
                        Customers::Custno,
                        Customers::FirstName,
                        Customers::LastName,
                        Customers::Cellular,
                        Customers::Email,
                        Customers::LineType,
                        Customers::BlockSms,
                        Customers::OptedOutAt,
                    ])
                    .from(Customers::Table)
                    .and_where(Expr::col(Customers::EnterpriseId).eq(enterprise_id))
                    .and_where(
                        Expr::col(Customers::Id)
                            .is_in(customer_ids)
                            .or(Expr::col(Customers::Custno).is_in(numbers))
                            .or(Expr::col(Customers::Cellular).is_in(phones)),
                    )
                    .to_owned(),
            )
            .await?;
        let mut counts = EnrichmentCounts::default();
        let mut statuses = Vec::with_capacity(rows.len());
        let mut tx = self.db.begin().await?;
        for row in rows {
            counts.examined += 1;
            let vehicle = row
                .vin
                .as_deref()
                .and_then(|vin| vehicle_by_vin.get(vin).copied());
            // By the vehicle's owner, then the customer number at the dealer, then the phone
            // at the store.
            let customer = vehicle
                .and_then(|v| v.customer_id)
                .and_then(|id| customers.iter().find(|c| c.id == id))
                .or_else(|| {
                    row.customer_number.as_deref().and_then(|number| {
                        customers
                            .iter()
                            .find(|c| c.boc_id == row.boc_id && c.custno == number)
                    })
                })
                .or_else(|| {
                    row.phone.as_deref().and_then(|phone| {
                        customers.iter().find(|c| {
                            c.store_id == row.store_id && c.cellular.as_deref() == Some(phone)
                        })
                    })
                });
            let make = row.make.clone().or_else(|| vehicle.map(|v| v.make.clone()));
            let campaign =
                CampaignType::of(row.file_type, make.as_deref()).unwrap_or(row.campaign_type);
            let (status, fsi_id) = match customer {
                None => (EnrichmentStatus::NotMatched, None),
                Some(_) if !eligible(row, today) => (EnrichmentStatus::NotEligible, None),
                Some(customer) if !customer.textable() => (EnrichmentStatus::NotTextable, None),
                Some(customer) => {
                    let vehicle_id = vehicle
                        .filter(|v| v.customer_id == Some(customer.id))
                        .map(|v| v.id);
                    let mut open = Query::select();
                    open.column(Fsi::Id)
                        .from(Fsi::Table)
                        .and_where(Expr::col(Fsi::CustomerId).eq(customer.id))
                        .and_where(Expr::col(Fsi::ServiceType).eq(campaign.as_str()))
                        .and_where(Expr::col(Fsi::Archived).eq(false))
                        .and_where(Expr::col(Fsi::ConversationClosed).eq(false))
                        .limit(1);
                    if let Some(vehicle_id) = vehicle_id {
                        open.and_where(Expr::col(Fsi::VehicleId).eq(vehicle_id));
                    }
                    match tx.fetch_optional::<(i64,)>(&open).await? {
                        Some((existing,)) => (EnrichmentStatus::LeadExists, Some(existing)),
                        None => {
                            let id: i64 = tx
                                .fetch_scalar(
                                    &NewLead::insert(
                                        [&NewLead {
                                            enterprise_id: row.enterprise_id,
                                            boc_id: row.boc_id,
                                            store_id: row.store_id,
                                            customer_id: customer.id,
                                            vehicle_id,
                                            vin: row.vin.as_deref(),
                                            service_type: campaign.as_str(),
                                            planned_date: today,
                                            estimated_due_date: row.expiry_date.unwrap_or(today),
                                            source: campaign.lead_source(),
                                            cag_lead_type: None,
                                            job_run_id: None,
                                        }],
                                        now,
                                    )
                                    .returning_col(Fsi::Id)
                                    .to_owned(),
                                )
                                .await?;
                            (EnrichmentStatus::LeadCreated, Some(id))
                        }
                    }
                }
            };
            statuses.push(status);
            match status {
                EnrichmentStatus::LeadCreated => counts.leads_created += 1,
                EnrichmentStatus::LeadExists => counts.lead_exists += 1,
                EnrichmentStatus::NotMatched => counts.not_matched += 1,
                EnrichmentStatus::NotTextable => counts.not_textable += 1,
                EnrichmentStatus::NotEligible => counts.not_eligible += 1,
                _ => {}
            }
            // What the match knows and the row does not, filled in.
            let fill = |own: &Option<String>, other: Option<&str>| {
                own.clone()
                    .or_else(|| other.filter(|o| !o.is_empty()).map(str::to_owned))
            };
            tx.execute(
                &Query::update()
                    .table(ImportedLeads::Table)
                    .value(ImportedLeads::EnrichmentStatus, status.as_str())
                    .value(ImportedLeads::CampaignType, campaign.as_str())
                    .value(ImportedLeads::CustomerId, customer.map(|c| c.id))
                    .value(ImportedLeads::VehicleId, vehicle.map(|v| v.id))
                    .value(ImportedLeads::FsiId, fsi_id)
                    .value(
                        ImportedLeads::CustomerNumber,
                        fill(&row.customer_number, customer.map(|c| c.custno.as_str())),
                    )
                    .value(
                        ImportedLeads::FirstName,
                        fill(&row.first_name, customer.map(|c| c.first_name.as_str())),
                    )
                    .value(
                        ImportedLeads::LastName,
                        fill(&row.last_name, customer.map(|c| c.last_name.as_str())),
                    )
                    .value(
                        ImportedLeads::Phone,
                        fill(&row.phone, customer.and_then(|c| c.cellular.as_deref())),
                    )
                    .value(
                        ImportedLeads::Email,
                        fill(&row.email, customer.and_then(|c| c.email.as_deref())),
                    )
                    .value(ImportedLeads::Make, make)
                    .value(
                        ImportedLeads::Model,
                        fill(&row.model, vehicle.map(|v| v.model.as_str())),
                    )
                    .value(ImportedLeads::Year, row.year.or(vehicle.map(|v| v.year)))
                    .value(ImportedLeads::UpdatedAt, now)
                    .and_where(Expr::col(ImportedLeads::Id).eq(row.id))
                    .to_owned(),
            )
            .await?;
        }
        let mut made: BTreeMap<i64, u64> = BTreeMap::new();
        for (row, status) in rows.iter().zip(&statuses) {
            if let (Some(report_id), EnrichmentStatus::LeadCreated) = (row.report_id, status) {
                *made.entry(report_id).or_default() += 1;
            }
        }
        for (report_id, n) in made {
            tx.execute(
                &Query::update()
                    .table(ImportFileReports::Table)
                    .value(
                        ImportFileReports::LeadsCreated,
                        Expr::col(ImportFileReports::LeadsCreated).add(Expr::val(clamp(n))),
                    )
                    .and_where(Expr::col(ImportFileReports::Id).eq(report_id))
                    .to_owned(),
            )
            .await?;
        }
        tx.commit().await?;
        Ok(counts)
    }
}

/// Whether a row may become a lead at all: a prepaid contract needs a visit left and must not
/// have expired.
pub(super) fn eligible(row: &ImportedLead, today: NaiveDate) -> bool {
    if row.file_type != FileType::PrepaidMaintenance {
        return true;
    }
    let visits_left = match (row.visits_total, row.visits_used) {
        (Some(total), used) => total - used.unwrap_or(0) > 0,
        (None, _) => true,
    };
    visits_left && row.expiry_date.is_none_or(|expiry| expiry >= today)
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub(super) struct VehicleMatch {
    id: i64,
    vin: String,
    customer_id: Option<i64>,
    make: String,
    model: String,
    year: i32,
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub(super) struct CustomerMatch {
    id: i64,
    boc_id: i64,
    store_id: i64,
    custno: String,
    first_name: String,
    last_name: String,
    cellular: Option<String>,
    email: Option<String>,
    line_type: Option<String>,
    block_sms: bool,
    opted_out_at: Option<DateTime<Utc>>,
}

impl CustomerMatch {
    /// Texting needs a mobile number (not a known landline), no opt-out and no block.
    pub(super) fn textable(&self) -> bool {
        self.cellular.is_some()
            && !self.block_sms
            && self.opted_out_at.is_none()
            && !self
                .line_type
                .as_deref()
                .is_some_and(|t| t.eq_ignore_ascii_case("LANDLINE"))
    }
}

// ---- Imported leads (recall, prepaid, FEA) ----

/// An imported lead's fields as a file row gives them.
#[derive(Debug, Clone)]
pub(super) struct LeadRow<'a> {
    record: &'a Record,
    natural_key: String,
    campaign_code: Option<String>,
    description: Option<String>,
    row_hash: String,
}

pub(super) fn lead_row<'a>(
    file_type: FileType,
    recall_type: Option<&str>,
    record: &'a Record,
) -> LeadRow<'a> {
    let vin = record.text("vin").unwrap_or_default();
    let (natural_key, campaign_code, description) = match file_type {
        FileType::Recall => {
            let code = record
                .text("campaignCode")
                .unwrap_or_default()
                .to_ascii_uppercase();
            (
                format!("{code}|{vin}"),
                Some(code),
                record.text("description"),
            )
        }
        FileType::PrepaidMaintenance => {
            let contract = record.text("contractNumber").unwrap_or_default().to_owned();
            (contract.clone(), Some(contract), record.text("planName"))
        }
        _ => {
            let code = record
                .text("alertCode")
                .unwrap_or_default()
                .to_ascii_uppercase();
            let date = record
                .date("eventDate")
                .map(|d| d.to_string())
                .unwrap_or_default();
            (
                format!("{vin}|{code}|{date}"),
                Some(code),
                record.text("description"),
            )
        }
    };
    let digest = Sha256::digest(format!(
        "{}\u{1e}{}",
        recall_type.unwrap_or_default(),
        record.canonical_text()
    ));
    LeadRow {
        record,
        natural_key,
        campaign_code,
        description: description.map(str::to_owned),
        row_hash: digest.iter().map(|b| format!("{b:02x}")).collect(),
    }
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub(super) struct ExistingLead {
    id: i64,
    natural_key: String,
    row_hash: String,
}

pub(super) async fn upsert_imported_leads(
    tx: &mut Transaction,
    report: &ImportReport,
    records: &[Record],
    now: DateTime<Utc>,
) -> Result<BatchCounts> {
    let mut counts = BatchCounts::default();
    let (Some(boc_id), Some(store_id)) = (report.boc_id, report.store_id) else {
        return Err(Error::Internal(
            "an import report without a store".to_owned(),
        ));
    };
    // The last row of a key wins; earlier ones in the same batch change nothing of their own.
    let mut by_key: BTreeMap<String, LeadRow<'_>> = BTreeMap::new();
    for record in records {
        let row = lead_row(report.file_type, report.recall_type.as_deref(), record);
        if by_key.insert(row.natural_key.clone(), row).is_some() {
            counts.unchanged += 1;
        }
    }
    if by_key.is_empty() {
        return Ok(counts);
    }
    let existing: Vec<ExistingLead> = tx
        .fetch_all(
            &Query::select()
                .columns([
                    ImportedLeads::Id,
                    ImportedLeads::NaturalKey,
                    ImportedLeads::RowHash,
                ])
                .from(ImportedLeads::Table)
                .and_where(Expr::col(ImportedLeads::StoreId).eq(store_id))
                .and_where(Expr::col(ImportedLeads::FileType).eq(report.file_type.as_str()))
                .and_where(Expr::col(ImportedLeads::NaturalKey).is_in(by_key.keys().cloned()))
                .to_owned(),
        )
        .await?;
    let existing: HashMap<&str, &ExistingLead> = existing
        .iter()
        .map(|e| (e.natural_key.as_str(), e))
        .collect();
    let campaign = |row: &LeadRow<'_>| {
        CampaignType::of(report.file_type, row.record.text("make"))
            .unwrap_or(CampaignType::Recall)
            .as_str()
    };
    let data = |row: &LeadRow<'_>| -> Vec<(ImportedLeads, sea_query::SimpleExpr)> {
        let r = row.record;
        let int = |key: &str| r.integer(key).map(|n| i32::try_from(n).unwrap_or(i32::MAX));
        let text = |key: &str| r.text(key).map(str::to_owned);
        vec![
            (ImportedLeads::CampaignType, campaign(row).into()),
            (ImportedLeads::ReportId, report.id.into()),
            (ImportedLeads::LineNumber, clamp(r.line).into()),
            (ImportedLeads::RecallType, report.recall_type.clone().into()),
            (
                ImportedLeads::CampaignCode,
                row.campaign_code.clone().into(),
            ),
            (ImportedLeads::Vin, text("vin").into()),
            (ImportedLeads::CustomerNumber, text("customerNumber").into()),
            (ImportedLeads::FirstName, text("firstName").into()),
            (ImportedLeads::LastName, text("lastName").into()),
            (ImportedLeads::Phone, text("phone").into()),
            (ImportedLeads::Email, text("email").into()),
            (ImportedLeads::Make, text("make").into()),
            (ImportedLeads::Model, text("model").into()),
            (ImportedLeads::Year, int("year").into()),
            (ImportedLeads::Description, row.description.clone().into()),
            (ImportedLeads::EventDate, r.date("eventDate").into()),
            (ImportedLeads::ExpiryDate, r.date("expiryDate").into()),
            (ImportedLeads::VisitsTotal, int("visitsTotal").into()),
            (ImportedLeads::VisitsUsed, int("visitsUsed").into()),
            (ImportedLeads::Mileage, int("mileage").into()),
            (ImportedLeads::RowHash, row.row_hash.clone().into()),
            (ImportedLeads::UpdatedAt, now.into()),
        ]
    };
    let mut inserts = Vec::new();
    for (key, row) in &by_key {
        match existing.get(key.as_str()) {
            Some(found) if found.row_hash == row.row_hash => counts.unchanged += 1,
            Some(found) => {
                counts.updated += 1;
                let mut update = Query::update();
                update.table(ImportedLeads::Table);
                for (column, value) in data(row) {
                    update.value(column, value);
                }
                update.and_where(Expr::col(ImportedLeads::Id).eq(found.id));
                tx.execute(&update).await?;
                // A changed row is matched again, unless a lead or a reviewer already settled it.
                tx.execute(
                    &Query::update()
                        .table(ImportedLeads::Table)
                        .value(
                            ImportedLeads::EnrichmentStatus,
                            EnrichmentStatus::Pending.as_str(),
                        )
                        .and_where(Expr::col(ImportedLeads::Id).eq(found.id))
                        .and_where(Expr::col(ImportedLeads::FsiId).is_null())
                        .and_where(Expr::col(ImportedLeads::EnrichmentStatus).is_not_in([
                            EnrichmentStatus::Rejected.as_str(),
                            EnrichmentStatus::Accepted.as_str(),
                        ]))
                        .to_owned(),
                )
                .await?;
            }
            None => {
                counts.inserted += 1;
                inserts.push(row);
            }
        }
    }
    for chunk in inserts.chunks(200) {
        let mut insert = Query::insert();
        let mut columns = vec![
            ImportedLeads::EnterpriseId,
            ImportedLeads::BocId,
            ImportedLeads::StoreId,
            ImportedLeads::FileType,
            ImportedLeads::NaturalKey,
            ImportedLeads::EnrichmentStatus,
            ImportedLeads::CreatedAt,
        ];
        columns.extend(data(chunk[0]).into_iter().map(|(c, _)| c));
        insert.into_table(ImportedLeads::Table).columns(columns);
        for row in chunk {
            let mut values: Vec<sea_query::SimpleExpr> = vec![
                report.enterprise_id.into(),
                boc_id.into(),
                store_id.into(),
                report.file_type.as_str().into(),
                row.natural_key.clone().into(),
                EnrichmentStatus::Pending.as_str().into(),
                now.into(),
            ];
            values.extend(data(row).into_iter().map(|(_, v)| v));
            insert.values_panic(values);
        }
        tx.execute(&insert).await?;
    }
    Ok(counts)
}
