import type { PublicSettings } from '@covenant/contracts/platform';
import { readStoredToken } from '@/lib/auth-token';
import { downloadFile } from '@/lib/download';

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

export interface AppConfig {
  app_id: string;
  name: string;
  /** The organization's theme and logo, readable by everyone (owners cannot read the settings record). */
  theme: string | null;
  logo_url: string | null;
}

export interface User {
  id: string;
  email: string;
  full_name: string | null;
  role: 'admin' | 'user';
  user_role: string | null;
  owner_id: string | null;
  property_id: string | null;
  phone: string | null;
  photo_url: string | null;
  /** An authenticator app is enrolled: sign-in asks for its code. */
  two_factor_enabled?: boolean;
  /** Only on `User/me`: staff the organization requires to enrol a second factor before anything else. */
  two_factor_enrollment_required?: boolean;
  created_date?: string;
  /** Only on `User/me`: the caller's resolved privilege on every resource. */
  userPrivileges?: UserPrivilege[];
}

export interface UserPrivilege {
  resource_name: string;
  permission_level: 'read_write' | 'read' | 'own_records' | 'none';
  can_create: boolean;
  can_read: boolean;
  can_update: boolean;
  can_delete: boolean;
}

export interface AuthResult {
  /** Null when the server verified an email without starting a session. */
  access_token: string | null;
  user: User;
}

/** What sign-in answers: a session, or the second-factor step (`challenge` goes to `twoFactor.login`). */
export type LoginResult = (AuthResult & { two_factor_enrollment_required?: boolean }) | { two_factor_required: true; challenge: string };

export interface LoginInput {
  email: string;
  password: string;
  /** The emailed code, needed with the password after too many wrong passwords. */
  sign_in_code?: string;
}

/** Answers of calls after which the server replaced the session: the caller's new token. */
export interface RenewedSession {
  success: boolean;
  access_token: string;
}

export type { PublicSettings } from '@covenant/contracts/platform';

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

/** Calls `/api/apps/{appId}{path}`. */
export async function appRequest<T>(path: string, options: Omit<RequestOptions, 'appId'> = {}): Promise<T> {
  const { app_id } = await fetchAppConfig();
  return apiRequest<T>(`/apps/${app_id}${path}`, { ...options, appId: app_id });
}

/** Downloads a CSV the server makes at `/api/apps/{appId}{path}`, with the session's token, under the name the server gives. */
export function downloadCsv(path: string, fallbackName: string): Promise<void> {
  return downloadText(path, fallbackName, 'text/csv');
}

/** Downloads a text file the server makes at `/api/apps/{appId}{path}` (a CSV, a ledger journal), under the name the server gives. */
export async function downloadText(path: string, fallbackName: string, accept = 'text/plain'): Promise<void> {
  const { app_id } = await fetchAppConfig();
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
  setupStatus: () => appRequest<{ needs_setup: boolean }>('/setup/status'),
  setup: (input: { full_name: string; email: string; password: string }) =>
    appRequest<AuthResult>('/setup', { method: 'POST', body: input }),

  async publicSettings(): Promise<PublicSettings> {
    const { app_id } = await fetchAppConfig();
    return apiRequest<PublicSettings>(`/apps/public/prod/public-settings/by-id/${app_id}`, { appId: app_id });
  },

  auth: {
    login: (input: LoginInput) => appRequest<LoginResult>('/auth/login', { method: 'POST', body: input }),
    logout: () => appRequest<{ success: boolean }>('/auth/logout', { method: 'POST' }),
    me: () => appRequest<User>('/entities/User/me'),
    register: (input: { email: string; password: string; full_name: string }) =>
      appRequest<{ success: boolean; email: string }>('/auth/register', { method: 'POST', body: input }),
    verifyOtp: (input: { email: string; otp_code: string }) =>
      appRequest<AuthResult>('/auth/verify-otp', { method: 'POST', body: input }),
    resendOtp: (input: { email: string }) => appRequest<{ success: boolean }>('/auth/resend-otp', { method: 'POST', body: input }),
    requestPasswordReset: (input: { email: string }) =>
      appRequest<{ success: boolean }>('/auth/reset-password-request', { method: 'POST', body: input }),
    resetPassword: (input: { reset_token: string; new_password: string }) =>
      appRequest<{ success: boolean }>('/auth/reset-password', { method: 'POST', body: input }),
    changePassword: (input: { user_id?: string; current_password: string; new_password: string }) =>
      appRequest<RenewedSession>('/auth/change-password', { method: 'POST', body: input }),
  },

  twoFactor: {
    enable: (input: { password: string }) =>
      appRequest<{ totp_uri: string; backup_codes: string[] }>('/auth/two-factor/enable', { method: 'POST', body: input }),
    verify: (input: { code: string }) => appRequest<RenewedSession>('/auth/two-factor/verify', { method: 'POST', body: input }),
    disable: (input: { password: string }) => appRequest<RenewedSession>('/auth/two-factor/disable', { method: 'POST', body: input }),
    login: (input: { challenge: string; code: string }) => appRequest<LoginResult>('/auth/two-factor/login', { method: 'POST', body: input }),
  },

  users: {
    invite: (input: { user_email: string; role: string }) =>
      appRequest<unknown>('/users/invite-user', { method: 'POST', body: input }),
  },

  appLogs: {
    async logPageVisit(pageName: string): Promise<void> {
      const { app_id } = await fetchAppConfig();
      await apiRequest(`/app-logs/${app_id}/log-user-in-app/${encodeURIComponent(pageName)}`, { method: 'POST', appId: app_id });
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
