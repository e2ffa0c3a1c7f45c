import { type ArgumentMetadata, BadRequestException, ValidationError, ValidationPipe } from '@nestjs/common';

// class-validator registers a property's decorators bottom-up and reports every one that fails, so a
// missing field used to read 'must be shorter than or equal to 254 characters'. One message per field
// here, chosen as a person would: missing first, then the wrong type, then (for text) its length, as
// 'at most 254 characters' says more than 'not a valid email', then the rest in source order.
const TYPE_CHECKS = new Set(['isDefined', 'isString', 'isBoolean', 'isInt', 'isNumber', 'isArray', 'isObject']);
const LENGTH_CHECKS = new Set(['minLength', 'maxLength', 'length']);

// class-validator's own wording for the checks we use without a message, in yup's wording (SPEC 5,
// 'Generic form messages'), which is what the web app's forms say too.
const YUP_WORDING: Array<[RegExp, string]> = [
  [/^(\S+) must be a string$/, '$1 must be a `string` type'],
  [/^(\S+) must be a boolean value$/, '$1 must be a `boolean` type'],
  [/^(\S+) must be an array$/, '$1 must be a `array` type'],
  [/^(\S+) must be an integer number$/, '$1 must be an integer'],
  [/^(\S+) must be an email$/, '$1 must be a valid email'],
  [/^(\S+) must be shorter than or equal to (\d+) characters$/, '$1 must be at most $2 characters'],
  [/^(\S+) must be longer than or equal to (\d+) characters$/, '$1 must be at least $2 characters'],
  [/^(\S+) must not be greater than (\S+)$/, '$1 must be less than or equal to $2'],
  [/^(\S+) must not be less than (\S+)$/, '$1 must be greater than or equal to $2'],
];

function inYupWording(message: string): string {
  for (const [pattern, replacement] of YUP_WORDING)
    if (pattern.test(message)) return message.replace(pattern, replacement);
  return message;
}

/** The one message a person should read for this property. */
function messageFor(error: ValidationError, path: string): string {
  const constraints = error.constraints ?? {};
  // Source order: the decorator written first is registered last.
  const names = Object.keys(constraints).reverse();
  if (constraints.whitelistValidation) return constraints.whitelistValidation;
  if (error.value === undefined || error.value === null) {
    // a DTO's own wording for a missing value ('Required', 'Phone number is required', SPEC 5) wins
    const own = names.map((name) => constraints[name]).find((message) => /\brequired\b/i.test(message));
    return own ?? `${path} is a required field`;
  }
  const rank = (name: string) =>
    TYPE_CHECKS.has(name) ? 0 : LENGTH_CHECKS.has(name) && typeof error.value === 'string' ? 1 : 2;
  const [first] = [...names].sort((a, b) => rank(a) - rank(b));
  return inYupWording(constraints[first]);
}

/**
 * A nested field is named by its path as the request names it (`steps[0].timeout`), also at the start
 * of its message: a nested DTO's message names the field by its own name (`timeout`, or `steps[]` for
 * an item of `steps`), the only one it knows.
 */
function collect(errors: ValidationError[], prefix = '', parent = ''): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const error of errors) {
    // class-validator names a list's item by its index alone
    const item = parent !== '' && /^\d+$/.test(error.property);
    const path = item ? `${prefix}[${error.property}]` : prefix ? `${prefix}.${error.property}` : error.property;
    if (error.constraints && Object.keys(error.constraints).length > 0) {
      const message = messageFor(error, path);
      const own = item ? `${parent}[]` : error.property;
      fields[path] = [message.startsWith(`${own} `) ? path + message.slice(own.length) : message];
    }
    Object.assign(fields, collect(error.children ?? [], path, error.property));
  }
  return fields;
}

class ApiValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    // class-validator checks an array against the DTO as nothing at all: a call taking NoBodyDto ran on `[]`.
    const notAnObject = value !== undefined && (typeof value !== 'object' || value === null || Array.isArray(value));
    if (metadata.type === 'body' && this.toValidate(metadata) && notAnObject) {
      throw new BadRequestException({ error: 'invalid', message: 'The request body must be a JSON object.' });
    }
    return super.transform(value, metadata);
  }
}

/** DTOs checked by class-validator; unknown fields refused; 400 with one message per field. */
export const apiValidationPipe = new ApiValidationPipe({
  whitelist: true,
  forbidNonWhitelisted: true,
  transform: true,
  // the value of a field whose items failed too, so that its own message is not taken for a missing value's
  validationError: { target: false, value: true },
  exceptionFactory: (errors) => {
    const fields = collect(errors);
    const first = Object.values(fields)[0]?.[0];
    return new BadRequestException({
      error: 'invalid',
      message: first ? `Invalid request: ${first}` : 'Invalid request',
      fields,
    });
  },
});
