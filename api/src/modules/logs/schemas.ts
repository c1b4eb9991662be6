/** joi for the client log batch (SPEC.md §3): what the ui may send of each entry. */
import Joi from 'joi';
import { limits, logLevels, type ClientLogEntry } from '@resuelve/contract';

/** One entry as admitted: its timestamp converted to a Date by joi. */
export type AdmittedLogEntry = ClientLogEntry & { timestamp: Date };

const shortText = Joi.string().max(200).allow('');

const entry = Joi.object({
  timestamp: Joi.date().iso().required(),
  level: Joi.string().valid(...logLevels).required(),
  message: Joi.string().max(limits.logMessageMaxLength).allow('').required(),
  correlation_id: shortText,
  session_id: shortText,
  user_id: shortText,
  url: Joi.string().max(2000).allow(''),
  category: shortText,
}).label('ClientLogEntry');

export const logBatchPayload = Joi.object<{ logs: AdmittedLogEntry[] }>({
  logs: Joi.array().items(entry).min(1).max(limits.logBatchMaxEntries).required(),
});
