import { Injectable, Module, type OnApplicationBootstrap } from '@nestjs/common';
import { ProcessManager } from './process-manager';

/**
 * Finishes at start-up the process runs a stop left open. Not in the (global) CoreModule: the hooks of global
 * modules run first, before the command bus has registered its handler, and the runs' steps go through it.
 */
@Injectable()
class OpenRunsSweep implements OnApplicationBootstrap {
  constructor(private readonly manager: ProcessManager) {}

  onApplicationBootstrap(): Promise<void> {
    return this.manager.finishOpenRuns();
  }
}

@Module({ providers: [OpenRunsSweep] })
export class ProcessesModule {}
