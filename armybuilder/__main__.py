from armybuilder.cli import main

main()
