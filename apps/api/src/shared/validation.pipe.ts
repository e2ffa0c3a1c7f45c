import { BadRequestException, ValidationError, ValidationPipe } from '@nestjs/common';

function collect(errors: ValidationError[], prefix = ''): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const error of errors) {
    const path = prefix ? `${prefix}.${error.property}` : error.property;
    if (error.constraints) fields[path] = Object.values(error.constraints);
    Object.assign(fields, collect(error.children ?? [], path));
  }
  return fields;
}

/** DTOs checked by class-validator; unknown fields refused; 400 with a message per field. */
export const apiValidationPipe = new ValidationPipe({
  whitelist: true,
  forbidNonWhitelisted: true,
  transform: true,
  exceptionFactory: (errors) => {
    const fields = collect(errors);
    const first = Object.values(fields)[0]?.[0];
    return new BadRequestException({ error: 'invalid', message: first ? `Invalid request: ${first}` : 'Invalid request', fields });
  },
});
