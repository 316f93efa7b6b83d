/**
 * What kind of business an operator is (ADR 028): the console's operators and the businesses that
 * apply to become one ("Work with us") are the same kinds.
 */
export const OPERATOR_KINDS = [
  'municipality',
  'park',
  'consortium',
  'association',
  'guide',
  'company',
] as const;
export type OperatorKind = (typeof OPERATOR_KINDS)[number];
