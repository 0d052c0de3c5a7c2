// The catalogue error lives in lib/ since issue 25: the state's stores throw it too, and the state
// may not import the service. Kept here so that the service's modules import it where they always did.
export * from '../lib/api-error.js';
