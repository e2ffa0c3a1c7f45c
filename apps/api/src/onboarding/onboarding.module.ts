import { Module } from '@nestjs/common';
import { OnboardingCommands } from './onboarding.commands';
import { OnboardingController } from './onboarding.controller';
import { OnboardingQueries } from './onboarding.queries';

@Module({ controllers: [OnboardingController], providers: [OnboardingCommands, OnboardingQueries] })
export class OnboardingModule {}
