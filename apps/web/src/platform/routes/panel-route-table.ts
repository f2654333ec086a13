/**
 * The contract's protected routes, assembled from every module's declarations: the whole catalogue comes
 * with them, so this is the one module the router fetches on the first panel navigation. It holds no code
 * of its own; a lazily fetched module that imported the first download's modules made the bundler split
 * those (the router library among them) into separate, worse compressed chunks.
 */
export { PANEL_ROUTES } from '@facet/contract';
