/**
 * The background job kinds the UI starts or follows, by the names the server
 * gives them. The server keeps every kind name once, in
 * `engine/domain/src/jobs.rs` (`JobKindName`); these are the UI's only copies.
 */
export const JOB_KINDS = {
  /** Bulk conversation initiation: texts a selection of leads. */
  bulkInitiate: 'outreach.bulk-initiate',
  /** A dealer-system sync of one store's data source. */
  importSync: 'imports.sync',
  /** A scheduled report mailed to a mailing list. */
  reportMail: 'reports.mail',
} as const
