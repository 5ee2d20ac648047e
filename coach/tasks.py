"""Celery tasks: thin wrappers over services."""

from celery import shared_task


@shared_task
def heartbeat() -> None:
    """Record that beat scheduled and a worker ran a task just now."""
    from coach.health import heartbeat_record

    heartbeat_record()


@shared_task
def guidance_scan() -> int:
    """Raise and push the nudges that are due now."""
    from coach.services.nudges import guidance_scan as scan

    return scan()


@shared_task
def checkpoints_prune() -> int:
    """Drop agent checkpoints of conversations idle for a day."""
    from agent.api import checkpoints_prune as prune

    return prune(older_than_hours=24)


@shared_task
def sessions_prune() -> dict:
    """Drop expired sessions and the empty coaching sessions nobody can reach."""
    from coach.services.cleanup import sessions_prune as prune

    return prune()


@shared_task
def workbooks_expire() -> int:
    """Delete anonymous workbooks unused for SESSION_DAYS, with everything in them."""
    from coach.services.cleanup import workbooks_expire as expire

    return expire()
