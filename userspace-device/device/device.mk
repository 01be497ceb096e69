$(eval $(call program,gensim-device,device/gensim-device.c))
