/** Domain errors; the one error handler maps them to status codes and DRF-style bodies. */
export class DomainError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

/** 400 with `{field: [message]}` or `{non_field_errors: [message]}`. */
export class ValidationFailed extends DomainError {
  constructor(readonly fields: Record<string, string[]>) {
    super(400, 'Validation failed');
  }

  static field(field: string, message: string): ValidationFailed {
    return new ValidationFailed({ [field]: [message] });
  }
}

export class NotFound extends DomainError {
  constructor(message = 'Not found.') {
    super(404, message);
  }
}

export class Unauthorized extends DomainError {
  constructor(message: string) {
    super(401, message);
  }
}

export class Forbidden extends DomainError {
  constructor(message: string) {
    super(403, message);
  }
}

export class Conflict extends DomainError {
  constructor(message: string) {
    super(409, message);
  }
}

/** Collects field errors so a body reports all of them at once. */
export class FieldErrors {
  private readonly errors: Record<string, string[]>;

  /** Starting from `initial`: what a body's rules refused (`checkBody` of @cc/contract). */
  constructor(initial: Readonly<Record<string, readonly string[]>> = {}) {
    this.errors = Object.fromEntries(
      Object.entries(initial).map(([field, messages]) => [field, [...messages]]),
    );
  }

  add(field: string, message: string): void {
    (this.errors[field] ??= []).push(message);
  }

  /** Whether `field` is refused already (a later check says nothing more of it). */
  has(field: string): boolean {
    return field in this.errors;
  }

  throwIfAny(): void {
    if (Object.keys(this.errors).length > 0) throw new ValidationFailed(this.errors);
  }
}
