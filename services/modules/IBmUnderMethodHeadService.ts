// Picking strategies (Base.Strategy.Picking; spec 001 section 7: the under method head list): the
// ordered rules by which stock is picked from cells. See services/rules/strategy.ts for the rules every
// strategy kind follows (one default per organisation, the default cannot be deleted).
import { dictionary } from '../resource/field-kinds.js';
import { strategyService } from '../rules/strategy.js';

export const IBmUnderMethodHeadService = strategyService({
  kind: 'under',
  service: 'IBmUnderMethodHeadService',
  menu: 'Base.Strategy.Picking',
  lineFields: {
    ruleType: dictionary('UNDER_RULE', { required: true }),
    zoneNo: { type: 'string', write: 'always', maxLength: 32 },
    cellType: { type: 'string', write: 'always', maxLength: 32 },
  },
});
