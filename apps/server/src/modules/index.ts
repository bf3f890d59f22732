import type { Module } from '../platform/module.ts';
import { operatorModule } from './operator/operator.module.ts';
import { systemModule } from './system/system.module.ts';

/**
 * Every module, in start-up order: a module may use the services of those above it.
 * Add a module with one line here.
 */
export const modules: Module[] = [systemModule, operatorModule];
