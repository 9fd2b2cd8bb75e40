"""The school's set-up (tests/deploy/test_deploy.py's ``school``), for each test module of the deployment
(each module starts its own)."""

from tests.deploy.test_deploy import school  # noqa: F401 - a fixture, found by its name

__all__ = ["school"]
