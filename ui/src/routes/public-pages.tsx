import { createRoute } from '@tanstack/react-router'
import {
  FeedbackThanksScreen,
  MailConfirmationScreen,
  MeetingLandingScreen,
  PublicNotFoundScreen,
  RegisterScreen,
  ServerErrorScreen,
} from '../features/public-pages'
import { rootRoute } from './root'

/** The small public pages of the routing table: reachable with or without a session. */
export const registerRoute = createRoute({ getParentRoute: () => rootRoute, path: '/register', component: RegisterScreen })
export const publicNotFoundRoute = createRoute({ getParentRoute: () => rootRoute, path: '/404', component: PublicNotFoundScreen })
export const serverErrorRoute = createRoute({ getParentRoute: () => rootRoute, path: '/500', component: ServerErrorScreen })
export const mailConfirmationRoute = createRoute({ getParentRoute: () => rootRoute, path: '/mailconfirmation', component: MailConfirmationScreen })
export const feedbackClipRoute = createRoute({ getParentRoute: () => rootRoute, path: '/FeedbackClip', component: FeedbackThanksScreen })
export const meetingLandingRoute = createRoute({ getParentRoute: () => rootRoute, path: '/landing', component: MeetingLandingScreen })

export const publicPageRoutes = [registerRoute, publicNotFoundRoute, serverErrorRoute, mailConfirmationRoute, feedbackClipRoute, meetingLandingRoute] as const
