"""under10"""
