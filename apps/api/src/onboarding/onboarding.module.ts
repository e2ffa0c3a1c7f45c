import { Module } from '@nestjs/common';
import { OnboardingCommandHandler, OnboardingCommands } from './onboarding.commands';
import { OnboardingController } from './onboarding.controller';
import { OnboardingQueries } from './onboarding.queries';

@Module({ controllers: [OnboardingController], providers: [OnboardingCommandHandler, OnboardingCommands, OnboardingQueries] })
export class OnboardingModule {}
