# Sourced by the scripts that call npm or npx from under pnpm. pnpm passes its own settings down
# as npm_config_* variables (_jsr-registry, npm-globalconfig, verify-deps-before-run, recursive,
# nodedir, ignore-workspace-cycles, and overrides: pnpm-workspace.yaml's) that npm does not know,
# and npm warns about each one on every call: a screenful of "Unknown env config" in the test log
# that nobody should have to read. npm needs none of them.
unset npm_config__jsr_registry npm_config_npm_globalconfig npm_config_verify_deps_before_run \
  npm_config_recursive npm_config_nodedir npm_config_ignore_workspace_cycles npm_config_overrides
