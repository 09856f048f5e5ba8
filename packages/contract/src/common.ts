import { Type, type Static, type TSchema } from 'typebox';

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** One of a list of string literals, typed as their union. */
export const LiteralUnion = <const T extends readonly string[]>(values: T) =>
  Type.Unsafe<T[number]>(Type.Union(values.map((value) => Type.Literal(value))));

/** Dates on the wire: yyyy-MM-dd. */
export const DateString = Type.String({ format: 'date', examples: ['2026-11-21'] });

/** DRF DecimalField style: numbers travel as strings with two decimals. */
export const Decimal = Type.String({ pattern: '^-?\\d+(\\.\\d+)?$', examples: ['20.00'] });
/** Requests may send a decimal as a number or a numeric string. */
export const DecimalInput = Type.Union([Type.Number(), Type.String()]);

/** 400 body: every field with its list of messages, or non_field_errors. */
export const ValidationErrorBody = Type.Record(Type.String(), Type.Array(Type.String()), {
  $id: 'ValidationError',
  examples: [{ email: ['This field is required.'] }],
});
export type ValidationErrorBody = Static<typeof ValidationErrorBody>;

/** Any other error: a message (the client shows it) and DRF's detail. */
export const MessageBody = Type.Object(
  { message: Type.String(), detail: Type.Optional(Type.String()) },
  { $id: 'MessageError' },
);
export type MessageBody = Static<typeof MessageBody>;

/** A success answer that carries only a message for the screen. */
export const MessageResponse = Type.Object({ message: Type.String() });
export type MessageResponse = Static<typeof MessageResponse>;

export const SuccessBody = Type.Object({ success: Type.Literal(true) });
export type SuccessBody = Static<typeof SuccessBody>;

/** DRF list page. */
export const Paginated = <T extends TSchema>(item: T) =>
  Type.Object({
    count: Type.Integer({ minimum: 0 }),
    next: Nullable(Type.String()),
    previous: Nullable(Type.String()),
    results: Type.Array(item),
  });
export type Paginated<T> = {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
};

export const PageQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1 })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
