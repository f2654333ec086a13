/**
 * The panel's Content-Security-Policy allows no eval. Zod compiles object parsers with `new Function`
 * when it may, and its probe for that is itself refused (a CSP violation report on every screen that
 * validates a form); without the probe zod parses as fast as the panel needs. Zod keeps its global
 * configuration on globalThis and keeps one it finds there, so setting it here, first in main.tsx, works
 * without importing zod: the sign-in bundle does not carry it.
 */
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true };
