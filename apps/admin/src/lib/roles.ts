/** The operator roles the server knows (operator.schema.ts); super_admin may do everything. */
export const ROLES = ['super_admin', 'finance', 'compliance', 'support', 'content'] as const;
export type Role = (typeof ROLES)[number];

export function hasRole(roles: readonly string[], needed: readonly Role[]): boolean {
  if (roles.includes('super_admin')) return true;
  return needed.length === 0 || needed.some((r) => roles.includes(r));
}
