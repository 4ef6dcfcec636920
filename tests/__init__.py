"""The test suite, laid out like the package: tests/<package>/ holds the tests of siete/<package>/.

Every folder is a package, so modules import as tests.<folder>.<module> and two folders may hold
files of the same name. Test modules never import each other: fixtures live in conftest.py files,
plain helper functions in tests/support/ (shared across folders) or in a helper module beside the
tests that use them (tests/architecture/test_tests_layout.py checks all of this).
"""
