// Allocation strategies (Base.Strategy.Allocation; spec 001 section 7: the allocate method head list):
// the ordered rules by which an outbound order's quantity is allocated to stock. See
// services/rules/strategy.ts for the rules every strategy kind follows (one default per organisation,
// the default cannot be deleted).
import { dictionary } from '../resource/field-kinds.js';
import { strategyService } from '../rules/strategy.js';

export const IBmAllocateMethodHeadService = strategyService({
  kind: 'allocate',
  service: 'IBmAllocateMethodHeadService',
  menu: 'Base.Strategy.Allocation',
  lineFields: {
    ruleType: dictionary('ALLOCATE_RULE', { required: true }),
    zoneNo: { type: 'string', write: 'always', maxLength: 32 },
  },
  unique: ['ruleType'],
});
