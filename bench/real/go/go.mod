module benchgate.invalid/aa

go 1.21
