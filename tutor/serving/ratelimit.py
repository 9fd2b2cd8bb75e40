"""A token bucket per key: how often something may happen, per client address, session or code.

The serving layer limits each websocket's events with one bucket; a class's join codes and PINs are
to be limited with a :class:`RateLimiter` keyed by the client's address (and by the code tried), so
guessing costs minutes, not milliseconds. The limiter decides only *whether now*; what a refusal
means to a person is the caller's to say.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable, Hashable


class TokenBucket:
    """``burst`` actions at once, then ``rate`` a second: the classic token bucket."""

    __slots__ = ("rate", "burst", "tokens", "stamp", "clock")

    def __init__(self, rate: float, burst: float, clock: Callable[[], float] = time.monotonic) -> None:
        if rate <= 0 or burst < 1:
            raise ValueError(f"a token bucket needs rate > 0 and burst >= 1, not rate={rate}, burst={burst}")
        self.rate, self.burst, self.clock = rate, float(burst), clock
        self.tokens = float(burst)
        self.stamp = clock()

    def _refill(self) -> None:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now

    def allow(self, cost: float = 1.0) -> bool:
        """Take ``cost`` tokens if there are that many; ``False`` (and take none) if not."""
        self._refill()
        if self.tokens >= cost:
            self.tokens -= cost
            return True
        return False

    def retry_after(self, cost: float = 1.0) -> float:
        """Seconds until ``cost`` tokens are there (0 if they are now)."""
        self._refill()
        return max(0.0, (cost - self.tokens) / self.rate)

    def full(self) -> bool:
        self._refill()
        return self.tokens >= self.burst


class RateLimiter:
    """A :class:`TokenBucket` per key, at most ``max_keys`` of them (the idlest are forgotten first).

    >>> guesses = RateLimiter(rate=5 / 60, burst=5)   # 5 tries, then one every 12 s
    >>> guesses.allow("10.0.0.7")
    True

    A forgotten key starts again with a full bucket, so ``max_keys`` must exceed the number of
    clients that can be active at once (a school: thousands, the default is 10,000).
    """

    def __init__(self, rate: float, burst: float, max_keys: int = 10_000,
                 clock: Callable[[], float] = time.monotonic) -> None:
        TokenBucket(rate, burst, clock)  # checks the arguments
        if max_keys < 1:
            raise ValueError(f"a rate limiter needs max_keys >= 1, not {max_keys}")
        self.rate, self.burst, self.max_keys, self.clock = rate, burst, max_keys, clock
        self._buckets: OrderedDict[Hashable, TokenBucket] = OrderedDict()

    def _bucket(self, key: Hashable) -> TokenBucket:
        bucket = self._buckets.get(key)
        if bucket is None:
            bucket = self._buckets[key] = TokenBucket(self.rate, self.burst, self.clock)
            while len(self._buckets) > self.max_keys:
                self._buckets.popitem(last=False)
        else:
            self._buckets.move_to_end(key)
        return bucket

    def allow(self, key: Hashable, cost: float = 1.0) -> bool:
        """Whether ``key`` may act now (and, if so, count it)."""
        return self._bucket(key).allow(cost)

    def retry_after(self, key: Hashable, cost: float = 1.0) -> float:
        """Seconds ``key`` must wait before it may act (0 if it may now); counts nothing."""
        bucket = self._buckets.get(key)
        return 0.0 if bucket is None else bucket.retry_after(cost)

    def reset(self, key: Hashable) -> None:
        """Forget ``key`` (e.g. after a correct PIN, so a typo later is not held against it)."""
        self._buckets.pop(key, None)

    def __len__(self) -> int:
        return len(self._buckets)
