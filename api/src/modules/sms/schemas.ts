/** joi for the SMS webhook, built from contract's limits (contract/src/sms.ts). */
import Joi from 'joi';
import { smsInboundBodyMaxLength, smsInboundOutcomes, type SmsInboundAnswer } from '@resuelve/contract';
import type { InboundText } from './service.ts';

/** The header the gateway carries the shared secret in. */
export const smsSecretHeader = 'x-sms-secret';

export const inboundPayload = Joi.object<InboundText>({
  // A number as gateways write it: "+17875550123", "787-555-0123".
  from: Joi.string().trim().pattern(/^\+?[\d\s().-]+$/).min(7).max(32).required(),
  body: Joi.string().allow('').max(smsInboundBodyMaxLength).required(),
  id: Joi.string().trim().min(1).max(200),
}).label('SmsInbound');

export const inboundAnswer = Joi.object<SmsInboundAnswer>({
  outcome: Joi.string().valid(...smsInboundOutcomes).required(),
  conversation_id: Joi.string().uuid(),
  code: Joi.string(),
}).label('SmsInboundAnswer');

/** The outbox page's reply: a text "from" a number the outbox wrote to. */
export const devReplyPayload = Joi.object<{ from: string; body: string }>({
  from: Joi.string().trim().pattern(/^\+?[\d\s().-]+$/).min(7).max(32).required(),
  body: Joi.string().allow('').max(smsInboundBodyMaxLength).required(),
}).label('DevSmsReply');
