import { BadRequestException } from '@nestjs/common';
import { IsEmail, IsIn, IsInt, IsString, Max, MaxLength, MinLength } from 'class-validator';
import { apiValidationPipe } from './validation.pipe';

class Example {
  @IsEmail({}, { message: 'email must be a valid email' })
  @MaxLength(254)
  email!: string;

  @IsString()
  @MinLength(1, { message: 'name is a required field' })
  @MaxLength(5)
  name!: string;

  @IsInt()
  @Max(10)
  count!: number;

  @IsIn(['a', 'b'], { message: 'kind must be one of a, b' })
  kind!: string;
}

const valid = { email: 'a@example.com', name: 'Ann', count: 1, kind: 'a' };

async function refusal(body: unknown) {
  try {
    await apiValidationPipe.transform(body, { type: 'body', metatype: Example });
  } catch (error) {
    return (error as BadRequestException).getResponse() as { message: string; fields: Record<string, string[]> };
  }
  throw new Error('accepted');
}

describe('apiValidationPipe: one message per field, the one a person should read', () => {
  it('says a missing field is required, whatever else its decorators check', async () => {
    const { message, fields } = await refusal({});
    expect(fields).toEqual({
      email: ['email is a required field'],
      name: ['name is a required field'],
      count: ['count is a required field'],
      kind: ['kind is a required field'],
    });
    expect(message).toBe('Invalid request: email is a required field');
  });

  it('says a null field is required too', async () => {
    expect((await refusal({ ...valid, name: null })).fields).toEqual({ name: ['name is a required field'] });
  });

  it('says the wrong type before any length rule, in yup wording', async () => {
    expect((await refusal({ ...valid, name: 5, email: 5, count: 'x' })).fields).toEqual({
      name: ['name must be a `string` type'],
      email: ['email must be a valid email'],
      count: ['count must be an integer'],
    });
  });

  it('words bounds as yup does, and says text is too long before saying it is malformed', async () => {
    expect(
      (await refusal({ ...valid, email: `${'a'.repeat(250)}@example.com`, name: 'abcdef', count: 11 })).fields,
    ).toEqual({
      email: ['email must be at most 254 characters'],
      name: ['name must be at most 5 characters'],
      count: ['count must be less than or equal to 10'],
    });
  });

  it("keeps the DTO's own message, and refuses unknown fields by name", async () => {
    expect((await refusal({ ...valid, name: '', kind: 'c', colour: null })).fields).toEqual({
      name: ['name is a required field'],
      kind: ['kind must be one of a, b'],
      colour: ['property colour should not exist'],
    });
  });

  it('lets a valid body through', async () => {
    await expect(apiValidationPipe.transform(valid, { type: 'body', metatype: Example })).resolves.toMatchObject(valid);
  });
});
