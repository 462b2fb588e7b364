import StrataCommand

Tool.main()
