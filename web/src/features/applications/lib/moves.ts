/**
 * What each side may do with an application in each status (spec §4; the server's state machine decides, this
 * only decides which buttons and palette commands to offer). The player cancels a pending or accepted application
 * and reopens a cancelled or rejected one; the GM accepts or rejects a pending one and removes an accepted player.
 */
import type { ApplicationStatus } from './filters';

export type PlayerMove = 'cancel' | 'reopen';
export type GmMove = 'accept' | 'reject' | 'remove';
export type Move = PlayerMove | GmMove;

const playerMovesByStatus: Record<ApplicationStatus, readonly PlayerMove[]> = {
  pending: ['cancel'],
  accepted: ['cancel'],
  rejected: ['reopen'],
  cancelled: ['reopen'],
};

const gmMovesByStatus: Record<ApplicationStatus, readonly GmMove[]> = {
  pending: ['accept', 'reject'],
  accepted: ['remove'],
  rejected: [],
  cancelled: [],
};

export function playerMoves(status: ApplicationStatus): readonly PlayerMove[] {
  return playerMovesByStatus[status];
}

export function gmMoves(status: ApplicationStatus): readonly GmMove[] {
  return gmMovesByStatus[status];
}

/**
 * Apply is offered while the player has no application to the series; a cancelled or rejected one is reopened
 * instead (the server would reopen that same application for an apply too).
 */
export function canApply(status: ApplicationStatus | undefined): boolean {
  return status === undefined;
}

/** The statuses that hold a seat or wait for one: the player is "in" the series' queue. */
export function isActive(status: ApplicationStatus): boolean {
  return status === 'pending' || status === 'accepted';
}
