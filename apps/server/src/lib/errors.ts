/** The one error model: a code the client branches on, a message a person understands, an HTTP status. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly detail?: unknown,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}
export class ValidationError extends AppError {
  constructor(message: string, detail?: unknown) {
    super(400, 'validation_error', message, detail);
  }
}
export class UnauthorizedError extends AppError {
  constructor(message = 'Authentication required', code = 'auth_required') {
    super(401, code, message);
  }
}
export class ForbiddenError extends AppError {
  constructor(message = 'You do not have permission to do this', code = 'forbidden') {
    super(403, code, message);
  }
}
export class NotFoundError extends AppError {
  constructor(message = 'Not found') {
    super(404, 'not_found', message);
  }
}
export class PayloadTooLargeError extends AppError {
  constructor(message = 'The request is too large', code = 'request_too_large') {
    super(413, code, message);
  }
}
export class ConflictError extends AppError {
  constructor(message: string, code = 'conflict') {
    super(409, code, message);
  }
}
export class TooManyRequestsError extends AppError {
  constructor(message: string) {
    super(429, 'too_many_requests', message);
  }
}
