# package src
