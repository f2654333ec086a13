/**
 * The contract's protected routes, written at build time from every module's declarations
 * (build/panel-manifest-plugin.ts), fetched by the router on the first panel navigation. It holds no code
 * of its own; a lazily fetched module that imported the first download's modules made the bundler split
 * those (the router library among them) into separate, worse compressed chunks.
 */
export { PANEL_ROUTES } from 'virtual:panel-manifest';
