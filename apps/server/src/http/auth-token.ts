/** The legacy panel sends `JWT <token>`; standard clients send `Bearer <token>`. */
export function extractToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^(?:JWT|Bearer)\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}
