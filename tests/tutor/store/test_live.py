"""tutor.store.live: a publish reaches each subscriber of its topic on its own loop, and only them."""

from __future__ import annotations

import asyncio
import threading

from tutor.store.live import Live


def test_publish_from_another_thread_reaches_subscribers_of_the_topic_only() -> None:
    async def scenario() -> tuple[list[str], list[str]]:
        live = Live()
        heard: list[str] = []
        other: list[str] = []
        done = asyncio.Event()

        async def on_class(topic: str) -> None:
            heard.append(topic)
            done.set()

        live.subscribe("class:1", on_class)
        live.subscribe("class:2", other.append)
        threading.Thread(target=live.publish, args=("class:1",)).start()
        await asyncio.wait_for(done.wait(), 5)
        await asyncio.sleep(0.05)
        return heard, other

    heard, other = asyncio.run(scenario())
    assert heard == ["class:1"]
    assert other == []


def test_unsubscribed_sessions_hear_nothing_and_a_failing_one_does_not_stop_others() -> None:
    async def scenario() -> list[str]:
        live = Live()
        heard: list[str] = []

        def broken(topic: str) -> None:
            raise ValueError("a session that fails")

        stop = live.subscribe("class:1", heard.append)
        live.subscribe("class:1", broken)
        live.subscribe("class:1", heard.append)
        live.publish("class:1")
        await asyncio.sleep(0.05)
        stop()
        live.publish("class:1")
        await asyncio.sleep(0.05)
        assert live.subscribers("class:1") == 2
        return heard

    assert asyncio.run(scenario()) == ["class:1", "class:1", "class:1"]


def test_a_callback_runs_in_the_context_its_subscriber_subscribed_in() -> None:
    """Flet keeps a session's page in a context variable: a notice must redraw the subscriber's
    page, not the publisher's (another session's) nor none."""
    import contextvars

    page: contextvars.ContextVar[str] = contextvars.ContextVar("page", default="none")

    async def scenario() -> list[str]:
        live = Live()
        seen: list[str] = []
        done = asyncio.Event()

        async def subscribe_as(name: str) -> None:
            page.set(name)

            async def heard(topic: str) -> None:
                seen.append(page.get())
                if len(seen) == 2:
                    done.set()

            live.subscribe("class:1", heard)

        await asyncio.gather(asyncio.create_task(subscribe_as("teacher")), asyncio.create_task(subscribe_as("other")))
        page.set("publisher")
        live.publish("class:1")  # from the loop's thread, in the publisher's context
        threading.Thread(target=live.publish, args=("class:1",)).start()
        await asyncio.wait_for(done.wait(), 5)
        await asyncio.sleep(0.1)
        return sorted(seen)

    assert asyncio.run(scenario()) == ["other", "other", "teacher", "teacher"]
