/**
 * The control surface as data: its routes, their inputs and answers, and the OpenAPI document made
 * from them. Imports only zod, the contract and pure schema modules, so a client can use it
 * without the mock's runtime.
 *
 * @module
 */
export * from './closest-names.js';
export * from './inputs.js';
export * from './paths.js';
export * from './route.js';
export * from './table.js';
export * from './views.js';
export * from './index-view.js';
export * from './openapi.js';
export * from './examples.js';
export * from './links.js';
