// The face of the auth module (decision 263): what other modules, the registry and app.ts use of it. Anything not
// exported here is the module's own; its own files import each other directly, never this index.
export { authRoutes } from './auth.routes';
export {
  actAs,
  actAsPlatformUser,
  authenticate,
  type ClientInfo,
  findUserForSignIn,
  openClientSession,
  revokeSessionsOf,
  sendPasswordLink,
  signInVerifiedUser,
  userLocale,
} from './auth.service';
export { CaptchaService, solveChallenge } from './captcha.service';
