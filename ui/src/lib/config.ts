/**
 * Client-side constants in one place (spec section 9).
 */

/** Log the user out after this long without mouse or keyboard activity. */
export const IDLE_TIMEOUT_MS = 30 * 60 * 1000
/** Activity events are debounced before they reset the idle timer. */
export const ACTIVITY_DEBOUNCE_MS = 500

/** Delays before the hard reload to /login after the session ends. */
export const IDLE_RELOAD_DELAY_MS = 100
export const UNAUTHORIZED_RELOAD_DELAY_MS = 300
export const LOGOUT_RELOAD_DELAY_MS = 500

/** Notices: top-right, 4.5 s, default title 'Message'. */
export const NOTICE_DURATION_MS = 4500
export const DEFAULT_NOTICE_TITLE = 'Message'
export const DEFAULT_NOTICE_TEXT = 'Server is not responding'
/** A handoff's notice stays longer: staff should see it and act. */
export const HANDOFF_NOTICE_DURATION_MS = 15_000
/** Handoffs kept in the header's list (newest first). */
export const MAX_HANDOFFS_KEPT = 20
/** Title of notices raised by the shared API error handler. */
export const API_NOTICE_TITLE = 'AI Message'

export const EMPTY_LIST_TEXT = 'No records available.'

export const DEFAULT_PAGE_SIZE = 20
export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100] as const
/** The lead manager's lists: 500 rows a page (spec section 9), or fewer on request. */
export const LEAD_PAGE_SIZE = 500
export const LEAD_PAGE_SIZE_OPTIONS = [20, 50, 100, 500] as const
/** The planner preview: 20 candidates a page by default, up to the server's 500. */
export const PLANNER_PAGE_SIZE = 20
export const PLANNER_PAGE_SIZE_OPTIONS = [20, 50, 100, 500] as const
/** The planner transfer history under the preview. */
export const PLANNER_AUDIT_PAGE_SIZE = 10
/** The server's largest page. */
export const MAX_PAGE_SIZE = 500

/** Local storage keys. */
export const STORAGE_KEYS = {
  userData: 'userData',
  queryString: 'queryString',
  customSearchV2: 'custom-search-v2',
  /** The open chat boxes, in the order they were opened. */
  chatBoxes: 'chatBoxes',
  /** Recently opened conversations (spec section 3: keyed by id, upserted, oldest dropped beyond 15). */
  savedChats: 'savedChats',
} as const

/** The realtime stream (server-sent events over fetch, so the token header can be sent). */
export const REALTIME_URL = '/api/events'
/** Waits before reconnecting after the stream ended or failed: 1 s, 2 s, then 5 s each time. */
export const REALTIME_BACKOFF_MS = [1000, 2000, 5000] as const
/** While the stream is down, screens that need live data poll this often. */
export const REALTIME_FALLBACK_POLL_MS = 2000
/** The jobs dashboard polls its list and stats this often while the stream is down. */
export const JOBS_FALLBACK_POLL_MS = 5000
/** Refetches caused by job events wait for this much quiet… */
export const JOB_EVENT_DEBOUNCE_MS = 500
/** …but run at least this often while events keep coming. */
export const JOB_EVENT_MAX_WAIT_MS = 2000

/** Refetches caused by message events (SMS simulator) wait for this much quiet… */
export const MESSAGE_EVENT_DEBOUNCE_MS = 200
/** …but run at least this often while events keep coming. */
export const MESSAGE_EVENT_MAX_WAIT_MS = 1000
/** While the stream is down the SMS simulator polls its phone list this often (the thread: REALTIME_FALLBACK_POLL_MS). */
export const SIMULATOR_PHONES_FALLBACK_POLL_MS = 5000

/** Notice after a successful change (spec). */
export const UPDATED_NOTICE_TEXT = 'Successfully Updated'
/** Notice after a conversation was started (spec section 8). */
export const STARTED_NOTICE_TEXT = 'Successfully Started'

/** The lead lists refetch for messages of leads they do not show at most this often (spec section 9: 1-second update throttle). */
export const LEAD_LIST_REFRESH_THROTTLE_MS = 1000
/** While the stream is down the lead lists poll this often. */
export const LEAD_LIST_FALLBACK_POLL_MS = 10_000
/** While the stream is down the service-lane board polls its lanes this often. */
export const LANE_FALLBACK_POLL_MS = 10_000

/** Chat boxes open at once (spec section 9), and the message when one more is asked for. */
export const MAX_CHAT_BOXES = 3
export const CHAT_BOX_LIMIT_TITLE = 'Limitation'
export const CHAT_BOX_LIMIT_TEXT = 'No more than 3 chat boxes allowed at a time'
/** Recently opened conversations kept in local storage. */
export const MAX_SAVED_CHATS = 15
/** The message editor is cleared this long after a successful send. */
export const MESSAGE_INPUT_CLEAR_MS = 1000
/** A gap over this between consecutive customer or handoff messages shows a time break. */
export const TIME_BREAK_GAP_MS = 4 * 60 * 1000
/** Delayed-response styling of messages waiting for a response: over 3 minutes, over 5 minutes. */
export const RESPONSE_DELAY_THREE_MS = 3 * 60 * 1000
export const RESPONSE_DELAY_FIVE_MS = 5 * 60 * 1000
/** The note timer (spec section 5): an internal note's author may undo it this long after writing it (as the server checks). */
export const NOTE_UNDO_WINDOW_MS = 40 * 1000
/** The note timer's countdown ticks this often. */
export const NOTE_UNDO_TICK_MS = 1000
