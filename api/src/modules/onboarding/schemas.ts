/** joi for the saved onboarding progress: each account type's step names, plain values only. */
import Joi from 'joi';
import { accountTypes, onboardingSteps, type AccountType } from '@resuelve/contract';
import type { OnboardingProgress } from './service.ts';

/** The whole saved progress stays small: it is a draft of a form, not a file store. */
export const progressMaxBytes = 32 * 1024;

const plain = Joi.alternatives()
  .try(Joi.string().max(2000).allow(''), Joi.number(), Joi.boolean())
  .allow(null);
const plainOrList = Joi.alternatives().try(plain, Joi.array().items(plain).max(100));
// One level of nesting for groups of plain values, such as social links by network.
const fieldValue = Joi.alternatives().try(plainOrList, Joi.object().pattern(Joi.string().max(64), plainOrList).max(50));
const stepData = Joi.object().pattern(Joi.string().max(64), fieldValue).max(50);

function dataFor(type: AccountType) {
  return Joi.object(Object.fromEntries(onboardingSteps[type].map((step) => [step, stepData])));
}

function stepOf(type: AccountType) {
  return Joi.string()
    .valid(...onboardingSteps[type])
    .allow(null);
}

export const progressSchema = Joi.object<OnboardingProgress>({
  account_type: Joi.string()
    .valid(...accountTypes)
    .allow(null)
    .required(),
  step: Joi.when('account_type', {
    switch: [
      { is: 'client', then: stepOf('client') },
      { is: 'provider', then: stepOf('provider') },
    ],
    otherwise: Joi.valid(null),
  }).required(),
  data: Joi.when('account_type', {
    switch: [
      { is: 'client', then: dataFor('client') },
      { is: 'provider', then: dataFor('provider') },
    ],
    otherwise: Joi.object({}),
  }).required(),
}).label('OnboardingProgress');
