$(eval $(call test,test_regfile,tests/test_regfile.c tests/tap.c))
$(eval $(call test,test_wlog,tests/test_wlog.c tests/tap.c))
$(eval $(call test,test_irq,tests/test_irq.c tests/tap.c))
$(eval $(call test,test_loopback,tests/test_loopback.c tests/tap.c))
$(eval $(call test,test_gtt,tests/test_gtt.c tests/gtt_env.c tests/tap.c))
$(eval $(call test,test_gtt_fault,tests/test_gtt_fault.c tests/gtt_env.c tests/tap.c))
$(eval $(call test,test_mem_batch,tests/test_mem_batch.c tests/gtt_env.c tests/tap.c))

# The command streamers (hw-spec-engines, hw-spec-commands): engine_env.c is
# the tests' driver.
ENGINE_TEST_COMMON := tests/engine_env.c tests/gtt_env.c tests/tap.c
$(eval $(call test,test_cmd_table,tests/test_cmd_table.c tests/tap.c))
$(eval $(call test,test_engine_mi,tests/test_engine_mi.c $(ENGINE_TEST_COMMON)))
$(eval $(call test,test_engine_alu,tests/test_engine_alu.c $(ENGINE_TEST_COMMON)))
$(eval $(call test,test_engine_execlist,tests/test_engine_execlist.c $(ENGINE_TEST_COMMON)))
$(eval $(call test,test_engine_priv,tests/test_engine_priv.c $(ENGINE_TEST_COMMON)))
$(eval $(call test,test_engine_errors,tests/test_engine_errors.c $(ENGINE_TEST_COMMON)))
$(eval $(call test,test_engine_sync,tests/test_engine_sync.c $(ENGINE_TEST_COMMON)))
$(eval $(call test,test_engine_blt,tests/test_engine_blt.c $(ENGINE_TEST_COMMON)))
$(eval $(call test,test_blt_fast,tests/test_blt_fast.c $(ENGINE_TEST_COMMON)))

# The GPGPU pipeline (hw-spec-compute "GPGPU commands"): jobs laid out by
# libgensim's dispatch helpers (gsim_dispatch_build(), what gensim-run
# uses) in the tests' own PPGTT and run through rcs0.
GPGPU_TEST_COMMON := tests/gpgpu_env.c $(ENGINE_TEST_COMMON)
# gp_example() reads the kernels gensim-run ships (examples/).
$(O)/tests/gpgpu_env.o: ALL_CFLAGS += -DGSRUN_EXAMPLES='"$(CURDIR)/examples"'
$(eval $(call gsim_test,test_gpgpu_kernels,tests/test_gpgpu_kernels.c $(GPGPU_TEST_COMMON)))
$(eval $(call gsim_test,test_gpgpu_state,tests/test_gpgpu_state.c $(GPGPU_TEST_COMMON)))
$(eval $(call gsim_test,test_gpgpu_media,tests/test_gpgpu_media.c $(GPGPU_TEST_COMMON)))

# The device's trace recorder (core/trace.c), alone and hooked into a device
# running a GPGPU job.
$(eval $(call test,test_trace,tests/test_trace.c tests/trace_file.c tests/tap.c))
$(eval $(call gsim_test,test_trace_device,tests/test_trace_device.c tests/trace_file.c \
	$(GPGPU_TEST_COMMON)))

# The examples through gensim-run, in process (tests/test_gensim_run.c).
$(eval $(call test,test_gensim_run,tests/test_gensim_run.c tests/tap.c))
$(O)/tests/test_gensim_run.o: ALL_CFLAGS += -I$(CURDIR)/tests \
	-DGSRUN_BIN='"$(O)/bin/gensim-run"' -DGSRUN_EXAMPLES='"$(CURDIR)/examples"'
$(O)/tests/test_gensim_run: $(O)/bin/gensim-run
