import type { FastifyRequest } from 'fastify';

/** Query parameters that carry a secret: tokens (reset, access, bearer), codes (OTP, sign-in, 2FA), passwords. */
const SECRET_PARAM = /token|secret|password|passwd|otp|code|challenge|key|signature|auth/i;

function decoded(name: string): string {
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

/** The URL with the value of every secret-looking query parameter replaced, so a log line never holds one. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      return SECRET_PARAM.test(decoded(name)) ? `${name}=[redacted]` : pair;
    });
  return `${url.slice(0, q)}?${params.join('&')}`;
}

/** Fastify's request serializer, minus secrets in the query string (headers are not logged at all). */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
