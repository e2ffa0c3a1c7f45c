import { Module } from '@nestjs/common';
import { SessionsModule } from '../sessions/sessions.module';
import { MailModule } from '../mail/mail.module';
import { TeamsModule } from '../teams/teams.module';
import { InvitationAcceptanceService } from './invitation-acceptance.service';
import { InvitationSignUpProcess } from './invitation-sign-up.process';
import { InvitationsController } from './invitations.controller';
import { InvitationsService } from './invitations.service';
import { MembersController } from './members.controller';
import { MembersService } from './members.service';
import { OrganizationController } from './organization.controller';
import { PlanLimitsController } from './plan-limits.controller';
import { StaffSessionsController } from './staff-sessions.controller';

/** Organization administration: members, invitations, the organization's name and flags, roles, entitlements, staff sessions, plan limits. */
@Module({
  imports: [SessionsModule, MailModule, TeamsModule],
  controllers: [
    MembersController,
    InvitationsController,
    OrganizationController,
    StaffSessionsController,
    PlanLimitsController,
  ],
  providers: [MembersService, InvitationsService, InvitationAcceptanceService, InvitationSignUpProcess],
})
export class OrganizationAdminModule {}
