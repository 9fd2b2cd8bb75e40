"""The app's messages (a text with its facts, translated when shown), the glossary of the seeds'
terms, and the lessons' extractor for Babel. Imports only the engine."""
