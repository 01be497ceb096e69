$(eval $(call test,test_regfile,tests/test_regfile.c tests/tap.c))
$(eval $(call test,test_wlog,tests/test_wlog.c tests/tap.c))
$(eval $(call test,test_loopback,tests/test_loopback.c tests/tap.c))
