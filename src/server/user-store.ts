/**
 * The requests the Login API's proxy variants send to a merchant's user store (DESIGN.md §8a), and
 * the answers it takes: a merchant who keeps its players itself implements three addresses set in
 * the Login settings (New user, User verification, Password reset). Each request is a JSON POST
 * signed as webhooks are: `Authorization: Signature <hex>`, the SHA-1 of the raw body followed by
 * the Login project's secret key — check it with `verifyWebhookSignature(rawBody, header,
 * loginSecret)`. Types only: nothing here runs.
 *
 * Every answer: 2xx accepts; 4xx refuses, and `UserStoreRefusal.message` is what the player's
 * client sees (a 422); no answer within 5 s, a redirect or a 5xx is a 502 to the client.
 */

/** `POST` to the New user address: a player registers through `/api/proxy/registration`. */
export interface UserStoreNewUserRequest {
  /** The Login project (`projectId`) the player registers in. */
  login_project_id: string;
  username: string;
  /** As the player typed it (at least 6 characters): hash it before you keep it. */
  password: string;
  email: string;
}

/** `POST` to the User verification address: a player logs in through `/api/proxy/login`. */
export interface UserStoreVerificationRequest {
  login_project_id: string;
  username: string;
  password: string;
}

/**
 * The 2xx answer to a verification, naming the player for the JWT. `sub` is `id` when that is a
 * UUID, else a UUID made of the Login project and `id` (or the username when there is no `id`):
 * the same player gets the same `sub` every time. `email` is empty in the JWT when left out.
 */
export interface UserStoreVerificationAnswer {
  id?: string | number;
  email?: string;
  /** The name as the store spells it (default: as the player typed it). */
  username?: string;
}

/**
 * `POST` to the Password reset address, twice: first without `password` (a player asked for a
 * reset through `/api/proxy/password/reset`: answer 2xx `UserStorePasswordResetAnswer` and the
 * service mails the player a link), then with the `password` the player chose on the link's page
 * (answer 2xx once you have set it).
 */
export type UserStorePasswordResetRequest =
  | { login_project_id: string; username: string; password?: undefined }
  | { login_project_id: string; username: string; password: string };

/** The 2xx answer to the first password reset request: where the reset link goes. */
export interface UserStorePasswordResetAnswer {
  email: string;
}

/** A 4xx answer's body (`{"error": {…}}` is read the same way); a plain-text body is taken as the message. */
export interface UserStoreRefusal {
  /** Shown to the player's client in the 422 (at most 300 characters). */
  message: string;
  /** A field of the request the message is about (`username`, `email`, `password`): the 422 names it. */
  field?: string;
}

/** Any request a user store receives. */
export type UserStoreRequest = UserStoreNewUserRequest | UserStoreVerificationRequest | UserStorePasswordResetRequest;
