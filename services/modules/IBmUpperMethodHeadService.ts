// Putaway strategies (Base.Strategy.Putaway; spec 001 section 7: the upper method head list): the
// ordered rules by which received goods find a cell. See services/rules/strategy.ts for the rules every
// strategy kind follows (one default per organisation, the default cannot be deleted).
import { dictionary } from '../resource/field-kinds.js';
import { strategyService } from '../rules/strategy.js';

export const IBmUpperMethodHeadService = strategyService({
  kind: 'upper',
  service: 'IBmUpperMethodHeadService',
  menu: 'Base.Strategy.Putaway',
  lineFields: {
    ruleType: dictionary('UPPER_RULE', { required: true }),
    zoneNo: { type: 'string', write: 'always', maxLength: 32 },
    cellType: { type: 'string', write: 'always', maxLength: 32 },
  },
});
