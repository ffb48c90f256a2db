/** The 6-digit code an authenticator app shows for an otpauth:// URI at a moment (default: now). */
export function totpCode(otpauthUri: string, at?: number): string;
