import type {
  InvitedUser, Me, Registered, ReplacedSession, SignInResult, TwoFactorEnrollment, User as SessionUser, VerifiedEmail,
} from '@covenant/contracts/auth';
import type { AppConfig, PublicSettings, SetupStatus } from '@covenant/contracts/platform';
import type { Success } from '@covenant/contracts/records';
import { readStoredToken } from '@/lib/auth-token';
import { downloadFile } from '@/lib/download';
import { associationInPath } from '@/lib/association';

/** A failed API call: the server's `{message, code}` with the HTTP status (0 when no response arrived). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly data: unknown;

  constructor(message: string, status: number, code?: string, data?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.data = data;
  }
}

export type { AppConfig, PublicSettings, SetupStatus, UploadedFile } from '@covenant/contracts/platform';
export type { UserPrivilege } from '@covenant/contracts/auth';

/**
 * The signed-in user: a session's user (`userSchema`), with what `User/me` adds to it (`meSchema`: the resolved
 * privileges, and whether staff must enrol a second factor first) when it was read from there.
 */
export type User = SessionUser & Partial<Pick<Me, 'userPrivileges' | 'two_factor_enrollment_required'>>;

/** What verify-otp answers: the email is verified; the token is null when the server started no session. */
export type AuthResult = VerifiedEmail;

/** What sign-in (and setup) answers: a session, or the second-factor step (`challenge` goes to `twoFactor.login`). */
export type LoginResult = SignInResult;

export interface LoginInput {
  email: string;
  password: string;
  /** The emailed code, needed with the password after too many wrong passwords. */
  sign_in_code?: string;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface RequestOptions {
  method?: Method;
  body?: unknown;
  appId?: string;
}

function errorFromBody(status: number, data: unknown): ApiError {
  const body = (data && typeof data === 'object' ? data : {}) as { message?: unknown; detail?: unknown; code?: unknown };
  const message =
    (typeof body.message === 'string' && body.message) ||
    (typeof body.detail === 'string' && body.detail) ||
    `Request failed with status code ${status}`;
  return new ApiError(message, status, typeof body.code === 'string' ? body.code : undefined, data);
}

/** Posts an application error to the embedding window (spec part 1, section 2); a 402 is not reported. */
export function reportErrorToParent(error: { message: string; status?: number }): void {
  if (window === window.parent || error.status === 402) return;
  window.parent.postMessage({ type: 'app_error', error: { message: error.message, status: error.status } }, '*');
}

/** Calls `/api{path}` with the headers the platform expects; resolves to the parsed JSON body. */
export async function apiRequest<T>(path: string, { method = 'GET', body, appId }: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', 'X-Origin-URL': window.location.href };
  const token = readStoredToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (appId) headers['X-App-Id'] = appId;
  const isForm = body instanceof FormData;
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
  } catch {
    const error = new ApiError('Network Error', 0, 'network_error');
    reportErrorToParent(error);
    throw error;
  }
  const isJson = response.headers.get('content-type')?.includes('application/json') ?? false;
  const data: unknown = isJson ? await response.json().catch(() => undefined) : undefined;
  if (!response.ok) {
    const error = errorFromBody(response.status, data);
    reportErrorToParent(error);
    throw error;
  }
  return data as T;
}

let appConfigPromise: Promise<AppConfig> | undefined;

/** The server's app id and name; every app-scoped path needs the id, so it is fetched once. */
export function fetchAppConfig(): Promise<AppConfig> {
  appConfigPromise ??= apiRequest<AppConfig>('/app-config').catch((error: unknown) => {
    appConfigPromise = undefined;
    throw error;
  });
  return appConfigPromise;
}

/** The app id of the association this page works in: the address's, else the instance's first association. */
export async function currentAppId(): Promise<string> {
  return associationInPath() ?? (await fetchAppConfig()).app_id;
}

/** Calls `/api/apps/{appId}{path}` in the current association. */
export async function appRequest<T>(path: string, options: Omit<RequestOptions, 'appId'> = {}): Promise<T> {
  const app_id = await currentAppId();
  return apiRequest<T>(`/apps/${app_id}${path}`, { ...options, appId: app_id });
}

/** Downloads a CSV the server makes at `/api/apps/{appId}{path}`, with the session's token, under the name the server gives. */
export function downloadCsv(path: string, fallbackName: string): Promise<void> {
  return downloadText(path, fallbackName, 'text/csv');
}

/** Downloads a text file the server makes at `/api/apps/{appId}{path}` (a CSV, a ledger journal), under the name the server gives. */
export async function downloadText(path: string, fallbackName: string, accept = 'text/plain'): Promise<void> {
  const app_id = await currentAppId();
  const headers: Record<string, string> = { Accept: accept, 'X-App-Id': app_id };
  const token = readStoredToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(`/api/apps/${app_id}${path}`, { headers });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: string; code?: string };
    throw new ApiError(body.message ?? `Request failed with status code ${response.status}`, response.status, body.code);
  }
  const fileName = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  downloadFile(fileName, accept === 'application/pdf' ? await response.blob() : await response.text(), response.headers.get('content-type') ?? undefined);
}

/** Downloads a PDF the server makes at `/api/apps/{appId}{path}` (a statement, an invoice). */
export function downloadPdf(path: string, fallbackName: string): Promise<void> {
  return downloadText(path, fallbackName, 'application/pdf');
}

/** The platform calls of spec part 1, section 7 that are not entity CRUD. */
export const api = {
  setupStatus: () => appRequest<SetupStatus>('/setup/status'),
  setup: (input: { full_name: string; email: string; password: string }) =>
    appRequest<SignInResult>('/setup', { method: 'POST', body: input }),

  async publicSettings(): Promise<PublicSettings> {
    const app_id = await currentAppId();
    return apiRequest<PublicSettings>(`/apps/public/prod/public-settings/by-id/${app_id}`, { appId: app_id });
  },

  auth: {
    login: (input: LoginInput) => appRequest<SignInResult>('/auth/login', { method: 'POST', body: input }),
    logout: () => appRequest<Success>('/auth/logout', { method: 'POST' }),
    me: () => appRequest<Me>('/entities/User/me'),
    register: (input: { email: string; password: string; full_name: string }) =>
      appRequest<Registered>('/auth/register', { method: 'POST', body: input }),
    verifyOtp: (input: { email: string; otp_code: string }) =>
      appRequest<VerifiedEmail>('/auth/verify-otp', { method: 'POST', body: input }),
    resendOtp: (input: { email: string }) => appRequest<Success>('/auth/resend-otp', { method: 'POST', body: input }),
    requestPasswordReset: (input: { email: string }) =>
      appRequest<Success>('/auth/reset-password-request', { method: 'POST', body: input }),
    resetPassword: (input: { reset_token: string; new_password: string }) =>
      appRequest<Success>('/auth/reset-password', { method: 'POST', body: input }),
    changePassword: (input: { user_id?: string; current_password: string; new_password: string }) =>
      appRequest<ReplacedSession>('/auth/change-password', { method: 'POST', body: input }),
  },

  twoFactor: {
    enable: (input: { password: string }) =>
      appRequest<TwoFactorEnrollment>('/auth/two-factor/enable', { method: 'POST', body: input }),
    verify: (input: { code: string }) => appRequest<ReplacedSession>('/auth/two-factor/verify', { method: 'POST', body: input }),
    disable: (input: { password: string }) => appRequest<ReplacedSession>('/auth/two-factor/disable', { method: 'POST', body: input }),
    login: (input: { challenge: string; code: string }) => appRequest<SignInResult>('/auth/two-factor/login', { method: 'POST', body: input }),
  },

  users: {
    invite: (input: { user_email: string; role: string }) =>
      appRequest<InvitedUser>('/users/invite-user', { method: 'POST', body: input }),
  },

  appLogs: {
    async logPageVisit(pageName: string): Promise<void> {
      const app_id = await currentAppId();
      await apiRequest<Success>(`/app-logs/${app_id}/log-user-in-app/${encodeURIComponent(pageName)}`, { method: 'POST', appId: app_id });
    },
  },
};

/** The reason a public-settings 403 carries: `auth_required` or `user_not_registered`. */
export function authErrorReason(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 403) return undefined;
  const extra = (error.data as { extra_data?: { reason?: unknown } } | undefined)?.extra_data;
  return typeof extra?.reason === 'string' ? extra.reason : undefined;
}

export function isClientError(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

/** A readable message from anything thrown: the error's message, else its serialized form (spec part 1, section 8). */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  try {
    return JSON.stringify(error);
  } catch {
    return String(error);
  }
}
