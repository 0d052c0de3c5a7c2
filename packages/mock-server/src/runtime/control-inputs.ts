/**
 * The inputs of the mock's controls live with the control routes' table, in `control-api/`;
 * re-exported here for the facade, which checks its arguments with the same schemas.
 */
export {
  AdvanceClockInputSchema,
  CarrierInputSchema,
  ClockStepSchema,
  CreateKeyInputSchema,
  CreateTenantInputSchema,
  InboundSmsInputSchema,
  RotateSecretOptionsSchema,
} from '../control-api/inputs.js';
